import { createHash } from "node:crypto";
import escapeHtml from "escape-html";

/** Markup that is already safe to emit; everything else interpolated into `html` is escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue = SafeHtml | string | number | null | undefined | false | HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

/** Tagged template for HTML: interpolated values are escaped unless they are SafeHtml. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  return new SafeHtml(
    strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]) : ""), ""),
  );
}

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1b1f}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem}
table{border-collapse:collapse;font-size:.85rem}th,td{padding:.2rem .5rem;border-bottom:1px solid #ddd;text-align:right}
th:first-child,td:first-child{text-align:left;white-space:nowrap}code{font-size:1rem;background:#f3f3f6;padding:.2rem .4rem;word-break:break-all}
.key{display:block;padding:.6rem;border:1px solid #b8b8c8}.muted{color:#666}.notice{background:#fff6d6;padding:.6rem}
form.inline{display:inline}button{font:inherit;padding:.25rem .8rem;cursor:pointer}progress{width:20rem}
header{display:flex;justify-content:space-between;align-items:baseline}svg{max-width:100%;height:auto}
`;

/** Built outside `html` so that formatting the template can never change the hashed text. */
const STYLE_ELEMENT = new SafeHtml(`<style>${STYLE}</style>`);

/** Page headers: nothing cached, no framing, no scripts at all, only our own inline style. */
export const PAGE_HEADERS: Record<string, string> = {
  "cache-control": "no-store",
  "content-security-policy": [
    "default-src 'none'",
    `style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; "),
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
};

/** Every HTML page of the gateway: English, sized for phones, kept out of search engines. */
export function htmlDocument(head: SafeHtml, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        ${head}
      </head>
      <body>
        ${body}
      </body>
    </html>`.value;
}

export function layout(title: string, body: SafeHtml): string {
  return htmlDocument(html`<title>${title} · MCP Server Catalog</title>${STYLE_ELEMENT}`, body);
}
