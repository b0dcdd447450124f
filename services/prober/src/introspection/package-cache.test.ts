import { installEnv } from "./package-cache.js";

describe("the install's environment", () => {
  it("carries how to reach the registries (trust, proxies, npm's and pip's settings) and none of the service's variables", () => {
    const env = installEnv({
      PATH: "/usr/bin",
      HOME: "/home/prober",
      NODE_EXTRA_CA_CERTS: "/etc/ssl/proxy.pem",
      https_proxy: "http://proxy:3128",
      npm_config_registry: "https://registry.internal/",
      PIP_INDEX_URL: "https://pypi.internal/simple/",
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
      PIP_INDEX_URL: "https://pypi.internal/simple/",
      PIP_DISABLE_PIP_VERSION_CHECK: "1",
    });
  });
});
