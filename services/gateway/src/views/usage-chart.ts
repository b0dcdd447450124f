import type { DayUsage } from "../usage/usage.service.js";
import { html, type SafeHtml } from "./html.js";

const WIDTH = 600;
const HEIGHT = 120;
const AXIS = 24;

/** Requests per day as an inline SVG bar chart (no script, no external resource). */
export function usageChart(days: DayUsage[]): SafeHtml {
  const max = Math.max(1, ...days.map((d) => d.total));
  const slot = (WIDTH - AXIS) / Math.max(1, days.length);
  const bars = days.map((d, i) => {
    const h = Math.round((d.total / max) * (HEIGHT - 20));
    const x = AXIS + i * slot + 1;
    return html`<rect
      x="${x.toFixed(1)}"
      y="${HEIGHT - h}"
      width="${(slot - 2).toFixed(1)}"
      height="${h}"
      fill="#4f5bd5"
      ><title>${d.day}: ${d.total} requests</title></rect
    >`;
  });
  const first = days[0]?.day ?? "";
  const last = days[days.length - 1]?.day ?? "";
  return html`<svg
    xmlns="http://www.w3.org/2000/svg"
    viewBox="0 0 ${WIDTH} ${HEIGHT + 18}"
    width="${WIDTH}"
    height="${HEIGHT + 18}"
    role="img"
    aria-label="Requests per day from ${first} to ${last}, highest ${max}"
  >
    <line x1="${AXIS}" y1="${HEIGHT}" x2="${WIDTH}" y2="${HEIGHT}" stroke="#999" />
    <text x="0" y="12" font-size="11" fill="#666">${max}</text>
    <text x="0" y="${HEIGHT}" font-size="11" fill="#666">0</text>
    ${bars}
    <text x="${AXIS}" y="${HEIGHT + 15}" font-size="11" fill="#666">${first}</text>
    <text x="${WIDTH}" y="${HEIGHT + 15}" font-size="11" fill="#666" text-anchor="end">${last}</text>
  </svg>`;
}
