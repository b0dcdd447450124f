import { installEnv } from "./package-cache.js";

describe("the install's environment", () => {
  it("carries how to reach the registry (trust, proxies, npm's settings) and none of the service's variables", () => {
    const env = installEnv({
      PATH: "/usr/bin",
      HOME: "/home/prober",
      NODE_EXTRA_CA_CERTS: "/etc/ssl/proxy.pem",
      https_proxy: "http://proxy:3128",
      npm_config_registry: "https://registry.internal/",
      DATABASE_URL: "postgres://catalog:secret@db/catalog",
      ADMIN_TOKEN: "secret",
      REDIS_URL: "redis://redis:6379",
    });
    expect(env).toEqual({
      PATH: "/usr/bin",
      HOME: "/home/prober",
      NODE_EXTRA_CA_CERTS: "/etc/ssl/proxy.pem",
      https_proxy: "http://proxy:3128",
      npm_config_registry: "https://registry.internal/",
      npm_config_update_notifier: "false",
    });
  });
});
