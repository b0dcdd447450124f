import { toolsByIntent } from "./server-tools.js";

const t = (name: string, coverage: number) => ({ name, score: coverage * 10, coverage });

describe("toolsByIntent", () => {
  it("takes each intent's best tool in turns, the best-matched intent first, then fusion's", () => {
    const tools = toolsByIntent(
      [
        [t("read_channel", 0.5), t("list_channels", 0.4)],
        [t("post_message", 0.9), t("update_message", 0.3)],
        [],
      ],
      [
        { name: "post_message", score: 1 },
        { name: "search_messages", score: 0.5 },
      ],
      4,
    );
    expect(tools.map((x) => x.name)).toEqual([
      "post_message",
      "read_channel",
      "update_message",
      "list_channels",
    ]);
  });

  it("keeps fusion's tools when no intent's words reach the server's tools, within the bound", () => {
    const fused = [
      { name: "a", score: 2 },
      { name: "b", score: 1 },
    ];
    expect(toolsByIntent([[], []], fused, 5)).toEqual(fused);
    expect(toolsByIntent([[t("c", 1)]], fused, 2).map((x) => x.name)).toEqual(["c", "a"]);
  });
});
