import { request, type APIRequestContext, type APIResponse } from "playwright-core";

/** A cookie-keeping HTTP client (Playwright's request context; no browser involved). */
export async function newClient(): Promise<APIRequestContext> {
  return request.newContext();
}

const FORM =
  /<form[^>]*action="([^"]+)"[^>]*method="post"[^>]*>[\s\S]*?name="prompt" value="(login|consent)"/;

/**
 * Walks a sign-in from the gateway's /auth/login through the provider's own login and consent
 * forms, one redirect at a time. Stops before the browser would load a URL starting with
 * `stopAt` (returning that URL), else at the first page that is not a provider form.
 */
export async function walkSignIn(
  client: APIRequestContext,
  gatewayUrl: string,
  login: string,
  stopAt?: string,
): Promise<{ stoppedAt?: string; response: APIResponse }> {
  let response = await client.get(`${gatewayUrl}/auth/login`, { maxRedirects: 0 });
  for (let step = 0; step < 20; step++) {
    const location = response.headers()["location"];
    if (response.status() >= 300 && response.status() < 400 && location) {
      const next = new URL(location, response.url()).href;
      if (stopAt && next.startsWith(stopAt)) return { stoppedAt: next, response };
      response = await client.get(next, { maxRedirects: 0 });
      continue;
    }
    const form = FORM.exec(await response.text());
    if (!form) return { response };
    const [, action, prompt] = form;
    const fields: Record<string, string> =
      prompt === "login" ? { prompt, login, password: "any password" } : { prompt: prompt! };
    response = await client.post(new URL(action!, response.url()).href, { form: fields, maxRedirects: 0 });
  }
  throw new Error("sign-in did not finish in 20 steps");
}

/** The CSRF token of the forms on an account page. */
export function csrfToken(html: string): string {
  const token = /name="csrf_token" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error("no CSRF token on the page");
  return token;
}
