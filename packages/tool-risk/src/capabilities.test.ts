import { assessServer } from "./index.js";
import { capabilitiesOf } from "./capabilities.js";

test("classes a tool by its name, description and annotations", () => {
  expect(capabilitiesOf({ name: "read_email", description: "Reads messages from your inbox." })).toEqual([
    "private_data",
  ]);
  expect(capabilitiesOf({ name: "fetch_url", description: "Fetches a web page." })).toEqual([
    "untrusted_content",
  ]);
  expect(capabilitiesOf({ name: "send_email", description: "Sends an email to a recipient." })).toEqual([
    "external_send",
  ]);
  expect(capabilitiesOf({ name: "delete_file", description: "Deletes a file." })).toEqual(["destructive"]);
});

test("a server has the lethal trifecta when its tools together cover all three", () => {
  const tools = [
    { name: "read_email", description: "Reads your inbox." },
    { name: "fetch_url", description: "Fetches a web page." },
    { name: "send_email", description: "Sends an email." },
  ];
  expect(assessServer(tools).trifecta).toEqual({
    private_data: ["read_email"],
    untrusted_content: ["fetch_url"],
    external_send: ["send_email"],
  });
  expect(assessServer(tools.slice(0, 2)).trifecta).toBeNull();
});
