import { taskCapabilitiesOf } from "./task-capabilities.js";

const of = (name: string, description = "") => taskCapabilitiesOf({ name, description });

test("classes a tool by what its name says it works on", () => {
  expect(of("write_file")).toEqual(["local_files"]);
  expect(of("listDirectory")).toEqual(["local_files"]);
  expect(of("create_presentation")).toEqual(["presentations"]);
  expect(of("add_slide")).toEqual(["presentations"]);
  expect(of("write_data_to_excel")).toEqual(["spreadsheets"]);
  expect(of("read-pdf")).toEqual(["pdf"]);
  expect(of("browser_navigate")).toEqual(["browser"]);
  expect(of("send_email")).toEqual(["email"]);
  expect(of("generate_chart")).toEqual(["images"]);
});

test("a file word needs a file verb: a server's config path is not file work", () => {
  expect(of("path_finder")).toEqual([]);
  expect(of("get_weather", "Weather for a city.")).toEqual([]);
});

test("a description says it where the name does not", () => {
  expect(of("fetch", "Fetches a URL from the internet and extracts its contents as markdown.")).toEqual([
    "web_pages",
  ]);
  expect(of("", "Node.js server implementing MCP for filesystem operations.")).toEqual(["local_files"]);
  expect(of("", "Browser automation with Playwright: click, type and take screenshots.")).toEqual([
    "browser",
  ]);
  expect(of("", "Send emails through Gmail.")).toEqual(["email"]);
});
