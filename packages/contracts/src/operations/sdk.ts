import { OPERATIONS } from "./all.js";
import type { Operation } from "./operation.js";

/**
 * What the SDKs promise (their READMEs: one method per endpoint of the REST API and of the /v0.1
 * mirror): every public operation that answers JSON, but the MCP endpoint (MCP clients speak to
 * it) and these. Session and operator routes are the account page's and the operators' CLI's;
 * HTML pages and sign-in redirects are for browsers.
 */
const NOT_IN_SDKS: Record<string, string> = {
  openApi: "the OpenAPI document itself: the SDKs are generated from it",
  serviceIndex: "links to the surfaces, for a person or an agent finding its way",
};

const answersJson = (op: Operation) =>
  Object.entries(op.responses).some(
    ([status, r]) =>
      status.startsWith("2") && r.schema && (r.contentType ?? "application/json") === "application/json",
  );

/** The operations each SDK has a method for (their tests hold both SDKs to it). */
export const SDK_OPERATIONS: readonly Operation[] = OPERATIONS.filter(
  (op) => op.access === "public" && op.tag !== "MCP" && answersJson(op) && !(op.id in NOT_IN_SDKS),
);
