import { CapabilityIndex } from "./capability-index.js";

const tool = (toolName: string, body = "") => ({ toolName, title: toolName, body });
const own = (body: string) => ({ toolName: null, title: "", body });

test("a server has the capabilities of its tools, or of its description without a tool list", () => {
  const index = new CapabilityIndex();
  index.set("a/files", [own("Anything"), tool("write_file"), tool("list_directory")]);
  index.set("a/slides", [own("Builds PowerPoint presentations.")]);
  index.set("a/weather", [own("Weather forecasts."), tool("get_forecast")]);
  expect([...index.serversWith("local_files")]).toEqual(["a/files"]);
  expect([...index.serversWith("presentations")]).toEqual(["a/slides"]);
  expect(index.serversWith("email").size).toBe(0);
});

test("a server's capabilities follow its documents", () => {
  const index = new CapabilityIndex();
  index.set("a/x", [own(""), tool("send_email")]);
  expect([...index.serversWith("email")]).toEqual(["a/x"]);
  index.set("a/x", [own(""), tool("get_forecast")]);
  expect(index.serversWith("email").size).toBe(0);
  index.set("a/x", [own(""), tool("read_pdf")]);
  index.remove("a/x");
  expect(index.serversWith("pdf").size).toBe(0);
});
