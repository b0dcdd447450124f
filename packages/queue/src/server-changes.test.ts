import { Redis } from "ioredis";
import { announceChanges, changeTouches, listenToChanges } from "./server-changes.js";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("changeTouches", () => {
  it("matches the server, its namespace pattern and everything", () => {
    expect(changeTouches("io.github.a/x", "io.github.a/x")).toBe(true);
    expect(changeTouches("io.github.a/*", "io.github.a/x")).toBe(true);
    expect(changeTouches("*", "io.github.a/x")).toBe(true);
    expect(changeTouches("io.github.a/y", "io.github.a/x")).toBe(false);
    expect(changeTouches("io.github.ab/*", "io.github.a/x")).toBe(false);
    expect(changeTouches("io.github/*", "io.github.a/x")).toBe(false);
  });
});

describe("announce and listen", () => {
  it("delivers each announced change to every listener, once per distinct change", async () => {
    const prefix = `changes-${process.pid}-${Date.now()}`;
    const heard: string[][] = [[], []];
    const resets: boolean[] = [];
    const listeners = heard.map((list) =>
      listenToChanges(REDIS_URL, prefix, { changed: (c) => list.push(c), reset: (l) => resets.push(l) }),
    );
    const until = async (done: () => boolean) => {
      const deadline = Date.now() + 10_000;
      while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    };
    await until(() => resets.length === 2);
    const redis = new Redis(REDIS_URL);
    try {
      await announceChanges(redis, prefix, ["io.github.a/x", "io.github.b/*", "io.github.a/x"]);
      await announceChanges(redis, `${prefix}-other`, ["io.github.c/z"]);
      const deadline = Date.now() + 10_000;
      while (heard.some((l) => l.length < 2) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual([
        ["io.github.a/x", "io.github.b/*"],
        ["io.github.a/x", "io.github.b/*"],
      ]);
      expect(resets).toEqual([true, true]);
    } finally {
      redis.disconnect();
      await Promise.all(listeners.map((l) => l.close()));
    }
  });
});
