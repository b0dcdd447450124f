import { USAGE_OPERATIONS } from "@catalog/contracts";
import type { AccountRecord, ApiKeyRecord } from "@catalog/db";
import type { LimitSettings, QuotaState } from "../limits/limits.service.js";
import type { DayUsage } from "../usage/usage.service.js";
import { html, layout, type SafeHtml } from "./html.js";
import { usageChart } from "./usage-chart.js";

export type AccountView = {
  account: AccountRecord;
  csrfToken: string;
  quota: QuotaState;
  keys: ApiKeyRecord[];
  days: DayUsage[];
  maxActiveKeys: number;
};

const number = (n: number) => n.toLocaleString("en-US");
const timestamp = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h ? `${h} h ${m} min` : `${m} min`;
}

function csrfField(token: string): SafeHtml {
  return html`<input type="hidden" name="csrf_token" value="${token}" />`;
}

function header(view: { account: AccountRecord; csrfToken: string }): SafeHtml {
  const who = view.account.email ?? view.account.displayName ?? view.account.subject;
  return html`<header>
    <h1>Your account</h1>
    <form class="inline" method="post" action="/auth/logout">
      ${csrfField(view.csrfToken)}<span class="muted">Signed in as ${who}</span>
      <button type="submit">Sign out</button>
    </form>
  </header>`;
}

function quotaSection(quota: QuotaState): SafeHtml {
  return html`<section aria-labelledby="today">
    <h2 id="today">Today</h2>
    <p><progress max="${quota.limit}" value="${quota.used}"></progress></p>
    <p id="quota-used">
      <strong>${number(quota.used)}</strong> of ${number(quota.limit)} requests used today (UTC);
      ${number(quota.remaining)} left. The quota resets at 00:00 UTC, in ${duration(quota.resetSeconds)}.
    </p>
  </section>`;
}

function keysSection(view: AccountView): SafeHtml {
  const active = view.keys.filter((k) => !k.revokedAt).length;
  const rows = view.keys.map(
    (k) =>
      html`<tr data-key-id="${k.id}">
        <td><code>svc_${k.prefix}…</code></td>
        <td>${timestamp(k.createdAt)}</td>
        <td>${k.lastUsedAt ? timestamp(k.lastUsedAt) : "never"}</td>
        <td>
          ${
            k.revokedAt
              ? `revoked ${timestamp(k.revokedAt)}`
              : html`active
                  <form class="inline" method="post" action="/account/keys/${k.id}/revoke">
                    ${csrfField(view.csrfToken)}<button type="submit">Revoke</button>
                  </form>`
          }
        </td>
      </tr>`,
  );
  const create =
    active < view.maxActiveKeys
      ? html`<form method="post" action="/account/keys">
          ${csrfField(view.csrfToken)}<button type="submit">Create API key</button>
        </form>`
      : html`<p class="muted">
          A free account holds ${view.maxActiveKeys} active key${view.maxActiveKeys === 1 ? "" : "s"}; revoke
          it to create a new one.
        </p>`;
  return html`<section aria-labelledby="keys">
    <h2 id="keys">API keys</h2>
    <p>
      Send a key as <code>X-API-Key</code> or <code>Authorization: Bearer</code>. It raises your limits to the
      account's and never changes the data returned.
    </p>
    ${
      view.keys.length
        ? html`<table id="key-list">
            <thead>
              <tr>
                <th>Key</th>
                <th>Created</th>
                <th>Last used</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              ${rows}
            </tbody>
          </table>`
        : html`<p>No keys yet.</p>`
    }
    ${create}
  </section>`;
}

function usageSection(days: DayUsage[]): SafeHtml {
  const newestFirst = [...days].reverse();
  return html`<section aria-labelledby="usage">
    <h2 id="usage">Last ${days.length} days</h2>
    ${usageChart(days)}
    <table id="usage-table">
      <thead>
        <tr>
          <th>Day (UTC)</th>
          ${USAGE_OPERATIONS.map((op) => html`<th>${op}</th>`)}
          <th>total</th>
        </tr>
      </thead>
      <tbody>
        ${newestFirst.map(
          (d) =>
            html`<tr>
              <td>${d.day}</td>
              ${USAGE_OPERATIONS.map((op) => html`<td>${d.counts[op]}</td>`)}
              <td><strong>${d.total}</strong></td>
            </tr>`,
        )}
      </tbody>
    </table>
  </section>`;
}

export function accountPage(view: AccountView): string {
  return layout(
    "Your account",
    html`${header(view)}${quotaSection(view.quota)}${keysSection(view)}${usageSection(view.days)}`,
  );
}

export function newKeyPage(key: string, record: ApiKeyRecord): string {
  return layout(
    "New API key",
    html`<h1>Your new API key</h1>
      <p class="notice">
        Copy it now: this is the only time it is shown. Only a hash is kept; a lost key cannot be recovered,
        only revoked and replaced.
      </p>
      <code class="key" id="new-key">${key}</code>
      <p class="muted">
        Created ${timestamp(record.createdAt)}; listed on your account page as
        <code>svc_${record.prefix}…</code>.
      </p>
      <p><a href="/account">Back to your account</a></p>`,
  );
}

export function signedOutPage(signInAvailable: boolean, limits: LimitSettings): string {
  const window = limits.windowSeconds === 60 ? "a minute" : `per ${limits.windowSeconds} s`;
  return layout(
    "Account",
    html`<h1>Account</h1>
      <p>
        Everything in the catalog works without an account. Signing in lets you create an API key, which
        raises your limits from ${number(limits.anonymousPerWindow)} requests ${window} per address to
        ${number(limits.accountPerWindow)} ${window} and ${number(limits.dailyQuota)} a day, and shows your
        usage here.
      </p>
      ${signInAvailable ? html`<p><a href="/auth/login" id="sign-in">Sign in</a></p>` : html`<p class="muted">Sign-in is not configured on this deployment.</p>`}`,
  );
}

export function messagePage(title: string, message: string): string {
  return layout(
    title,
    html`<h1>${title}</h1>
      <p>${message}</p>
      <p><a href="/account">Back to your account</a></p>`,
  );
}
