import { allows, selects, type Endpoint, type NetworkPolicy } from "./network-policy.js";

const pod = (name: string, labels: Record<string, string>, namespace = "app", ports = [80]): Endpoint => ({
  kind: "pod",
  name,
  namespace,
  namespaceLabels: { "kubernetes.io/metadata.name": namespace, ...(namespace === "ops" && { team: "ops" }) },
  labels,
  ip: `10.244.0.${name.length}`,
  ports: ports.map((p) => ({ name: p === 80 ? "http" : `p${p}`, containerPort: p })),
});
const policy = (spec: NetworkPolicy["spec"], namespace = "app"): NetworkPolicy => ({
  metadata: { name: "p", namespace },
  spec,
});

const web = pod("web", { role: "web" });
const db = pod("db", { role: "db" }, "app", [5432]);
const opsWeb = pod("ops-web", { role: "web" }, "ops");
const internet: Endpoint = { kind: "external", name: "internet", ip: "93.184.215.14" };
const metadata: Endpoint = { kind: "external", name: "metadata", ip: "169.254.169.254" };

describe("NetworkPolicy evaluation", () => {
  it("allows everything where no policy selects a pod, nothing under a default deny", () => {
    expect(allows([], { from: web, to: db, port: 5432 })).toBe(true);
    const deny = policy({ podSelector: {}, policyTypes: ["Ingress", "Egress"] });
    expect(allows([deny], { from: web, to: db, port: 5432 })).toBe(false);
  });

  it("needs the source's egress and the destination's ingress", () => {
    const deny = policy({ podSelector: {}, policyTypes: ["Ingress", "Egress"] });
    const ingress = policy({
      podSelector: { matchLabels: { role: "db" } },
      policyTypes: ["Ingress"],
      ingress: [{ from: [{ podSelector: { matchLabels: { role: "web" } } }], ports: [{ port: 5432 }] }],
    });
    const egress = policy({
      podSelector: { matchLabels: { role: "web" } },
      policyTypes: ["Egress"],
      egress: [{ to: [{ podSelector: { matchLabels: { role: "db" } } }] }],
    });
    expect(allows([deny, ingress], { from: web, to: db, port: 5432 })).toBe(false);
    expect(allows([deny, ingress, egress], { from: web, to: db, port: 5432 })).toBe(true);
    expect(allows([deny, ingress, egress], { from: web, to: db, port: 5433 })).toBe(false);
    expect(allows([deny, ingress, egress], { from: db, to: web, port: 80 })).toBe(false);
  });

  it("reads a peer's podSelector in the policy's namespace unless a namespaceSelector is beside it", () => {
    const samePods = policy({
      podSelector: { matchLabels: { role: "db" } },
      ingress: [{ from: [{ podSelector: { matchLabels: { role: "web" } } }] }],
    });
    expect(allows([samePods], { from: opsWeb, to: db, port: 5432 })).toBe(false);
    // One peer with both selectors: pods of that label in namespaces of that label (AND).
    const both = policy({
      podSelector: { matchLabels: { role: "db" } },
      ingress: [
        {
          from: [
            {
              namespaceSelector: { matchLabels: { team: "ops" } },
              podSelector: { matchLabels: { role: "web" } },
            },
          ],
        },
      ],
    });
    expect(allows([both], { from: opsWeb, to: db, port: 5432 })).toBe(true);
    expect(allows([both], { from: web, to: db, port: 5432 })).toBe(false);
    // Two peers: either (OR).
    const either = policy({
      podSelector: { matchLabels: { role: "db" } },
      ingress: [
        {
          from: [
            { namespaceSelector: { matchLabels: { team: "ops" } } },
            { podSelector: { matchLabels: { role: "web" } } },
          ],
        },
      ],
    });
    expect(allows([either], { from: web, to: db, port: 5432 })).toBe(true);
  });

  it("resolves a named port on the destination pod and honours endPort and protocol", () => {
    const named = policy({ podSelector: {}, ingress: [{ ports: [{ port: "http" }] }] });
    expect(allows([named], { from: db, to: web, port: 80 })).toBe(true);
    expect(allows([named], { from: web, to: db, port: 5432 })).toBe(false);
    const range = policy({ podSelector: {}, ingress: [{ ports: [{ port: 5000, endPort: 6000 }] }] });
    expect(allows([range], { from: web, to: db, port: 5432 })).toBe(true);
    expect(allows([range], { from: web, to: db, port: 5432, protocol: "UDP" })).toBe(false);
  });

  it("matches ipBlocks with their exceptions, by address family", () => {
    const out = policy({
      podSelector: {},
      policyTypes: ["Egress"],
      egress: [{ to: [{ ipBlock: { cidr: "0.0.0.0/0", except: ["169.254.0.0/16"] } }] }],
    });
    expect(allows([out], { from: web, to: internet, port: 443 })).toBe(true);
    expect(allows([out], { from: web, to: metadata, port: 80 })).toBe(false);
    const v6: Endpoint = { kind: "external", name: "v6", ip: "2606:2800:21f:cb07:6820:80da:af6b:8b2c" };
    expect(allows([out], { from: web, to: v6, port: 443 })).toBe(false);
  });

  it("evaluates label expressions", () => {
    const labels = { app: "a", tier: "x" };
    expect(selects({ matchExpressions: [{ key: "app", operator: "In", values: ["a", "b"] }] }, labels)).toBe(
      true,
    );
    expect(selects({ matchExpressions: [{ key: "app", operator: "NotIn", values: ["a"] }] }, labels)).toBe(
      false,
    );
    expect(selects({ matchExpressions: [{ key: "zone", operator: "DoesNotExist" }] }, labels)).toBe(true);
    expect(selects({ matchExpressions: [{ key: "tier", operator: "Exists" }] }, labels)).toBe(true);
    expect(selects({}, labels)).toBe(true);
  });
});
