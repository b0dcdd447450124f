import { impliedNeeds } from "./implied.js";

const classes = (task: string) => impliedNeeds(task).map((n) => n.capability);

test("an output path's extension implies the server that writes such a file", () => {
  expect(classes("Summarise the report and save it as Markdown at /reports/q3.md")).toEqual(["local_files"]);
  expect(classes("put the numbers in ~/data/prices.xlsx")).toEqual(["spreadsheets"]);
  expect(classes("make three slides in /slides/intro.pptx")).toEqual(["presentations"]);
  expect(classes("draft the letter as ./out/letter.docx")).toEqual(["documents"]);
  expect(classes("read contract.pdf and list the dates")).toEqual(["pdf"]);
  expect(classes("save the chart as chart.png")).toEqual(["images"]);
});

test("a need is named once, with the words that imply it", () => {
  expect(impliedNeeds("write notes.md, then todo.md")).toEqual([
    {
      capability: "local_files",
      intent: "write and read files in a local folder on disk",
      because: "notes.md",
    },
  ]);
});

test("a folder on disk is file work; an address of a page is not", () => {
  expect(classes("list the photos in /root/pictures/2024 by date")).toEqual(["local_files"]);
  expect(classes("keep the notes under ~/notes")).toEqual(["local_files"]);
  expect(classes("read https://example.org/docs/intro")).toEqual(["web_pages"]);
  expect(classes("answer in one word/phrase")).toEqual([]);
});

test("formats and destinations without a path", () => {
  expect(classes("export the table as a CSV file")).toEqual(["local_files"]);
  expect(classes("save the results to a file in my folder")).toEqual(["local_files"]);
  expect(classes("turn the findings into a PowerPoint")).toEqual(["presentations"]);
  expect(classes("write it up in a Word document")).toEqual(["documents"]);
});

test("pages, browsing and mail", () => {
  expect(classes("read https://example.org/pricing and compare the plans")).toEqual(["web_pages"]);
  expect(classes("what does news.ycombinator.com say today")).toEqual(["web_pages"]);
  expect(classes("log in to the dashboard and click Export")).toEqual(["browser"]);
  expect(classes("fill out the signup form and take a screenshot")).toEqual(["browser"]);
  expect(classes("email the summary to ana@example.com")).toEqual(["email"]);
  expect(classes("mail it to my manager")).toEqual(["email"]);
});

test("several artefacts, in the order the task gives them", () => {
  expect(
    classes("Open https://example.com/report, summarise it into /tmp/sum.md and email it to bo@example.com"),
  ).toEqual(["web_pages", "local_files", "email"]);
});

test("plain needs imply nothing: versions, domains of mail, decimals", () => {
  expect(classes("what will the weather be like tomorrow in my city")).toEqual([]);
  expect(classes("upgrade node to 22.1 and python to 3.12")).toEqual([]);
  expect(classes("find the stock price of the company for the past year")).toEqual([]);
  expect(classes("search arXiv for recent papers on diffusion models")).toEqual([]);
});

test("hostile text is read in one pass", () => {
  for (const hostile of ["a.".repeat(5000), "/a".repeat(5000), "a@".repeat(5000), "click ".repeat(2000)]) {
    expect(() => impliedNeeds(hostile)).not.toThrow();
  }
});
