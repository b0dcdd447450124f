import { createHash } from "node:crypto";
import { html, layout, PAGE_HEADERS, SafeHtml } from "./html.js";

describe("html", () => {
  it("escapes interpolated text and keeps SafeHtml", () => {
    const name = `<script>alert("x")</script>&'`;
    expect(html`<p>${name}</p>`.value).toBe(
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</p>",
    );
    expect(html`<p>${new SafeHtml("<b>ok</b>")}</p>`.value).toBe("<p><b>ok</b></p>");
  });

  it("renders lists and skips empty values", () => {
    const items = ["a", "<b>"].map((x) => html`(${x})`);
    expect(html`[${items}]`.value).toBe("[(a)(&lt;b&gt;)]");
    expect(html`${null}${undefined}${false}${0}`.value).toBe("0");
  });

  it("allows exactly the page's own style through the content security policy", () => {
    const page = layout("t", html``);
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)![1]!;
    const digest = createHash("sha256").update(style).digest("base64");
    expect(PAGE_HEADERS["content-security-policy"]).toContain(`'sha256-${digest}'`);
    expect(PAGE_HEADERS["content-security-policy"]).toContain("default-src 'none'");
  });
});
