import type { Input, Remote } from "@catalog/registry";
import { refuse, type Refusal, type RemoteEndpoint } from "./endpoint.js";
import { inputValue, type NamedValue } from "./inputs.js";
import { envName } from "./value.js";

/**
 * A registry remote as an endpoint. `{variable}` references in the URL and in header values
 * become placeholders; a header the user must supply is named after the server key and the
 * header (`ACME_AUTHORIZATION`), so that servers never share a name in the user's environment.
 */
export function remoteEndpoint(remote: Remote, index: number, key: string): RemoteEndpoint | Refusal {
  if (remote.type !== "streamable-http" && remote.type !== "sse") {
    return refuse(`The remote ${remote.url} uses the transport "${remote.type}", which no client supports.`);
  }
  const url = inputValue({ value: remote.url, variables: remote.variables, isRequired: true }, "URL") ?? [];
  return { kind: "remote", index, transport: remote.type, url, headers: headerValues(remote.headers, key) };
}

/** The headers a client sends; one the user supplies is named `<KEY>_<HEADER>`. */
export function headerValues(headers: readonly Input[] | undefined, key: string): NamedValue[] {
  return (headers ?? []).flatMap((header) => {
    const value = header.name ? inputValue(header, `${envName(key)}_${envName(header.name)}`) : null;
    return header.name && value ? [{ name: header.name, value }] : [];
  });
}
