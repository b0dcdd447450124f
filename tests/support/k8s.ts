import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse, parseAllDocuments } from "yaml";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
};

/**
 * Renders an overlay with kustomize (built into kubectl, which the machine image ships), with
 * optional components of k8s/components added as an operator's own overlay would add them.
 */
export function render(overlay: string, components: string[] = []): Manifest[] {
  const dir = path.join(root, "k8s/overlays", overlay);
  if (components.length === 0) return parseRendered(kustomize(dir));
  // kustomize takes only relative paths; the namespace is the overlay's, as in its own resources.
  const { namespace } = parse(readFileSync(path.join(dir, "kustomization.yaml"), "utf8")) as {
    namespace: string;
  };
  const wrapper = mkdtempSync(path.join(tmpdir(), "kustomize-"));
  try {
    const rel = (p: string) => path.relative(wrapper, p);
    writeFileSync(
      path.join(wrapper, "kustomization.yaml"),
      JSON.stringify({
        namespace,
        resources: [rel(dir)],
        components: components.map((c) => rel(path.join(root, "k8s/components", c))),
      }),
    );
    return parseRendered(kustomize(wrapper));
  } finally {
    rmSync(wrapper, { recursive: true, force: true });
  }
}

function kustomize(dir: string): string {
  return execFileSync("kubectl", ["kustomize", dir], { encoding: "utf8" });
}

function parseRendered(out: string): Manifest[] {
  return parseAllDocuments(out).map((d) => unwrapSecretData(d.toJSON() as Manifest));
}

/** kustomize folds long base64 values over lines (Kubernetes' decoder skips newlines; the schema's format does not). */
function unwrapSecretData(m: Manifest): Manifest {
  const data = (m as { data?: Record<string, string> }).data;
  if (m.kind !== "Secret" || !data) return m;
  return {
    ...m,
    data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v.replace(/\s/g, "")])),
  } as Manifest;
}
