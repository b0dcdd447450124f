import { render, type Manifest } from "../support/k8s.js";
import { allows, type ContainerPort, type Endpoint, type NetworkPolicy } from "../support/network-policy.js";

/**
 * The rendered network policies against the architecture (README, "Architecture"): every
 * connection from or to a pod of the catalog's namespace is tried (each port the destination
 * pod declares, common ports of outside addresses) and the allowed ones must be exactly the
 * flows listed here.
 */

const SERVICES = ["gateway", "search", "catalog", "ingest", "prober"];
/** The prober image on the introspection queue (k8s/base/introspector): Redis too, not the internet. */
const WORKERS = [...SERVICES, "introspector"];
/** Pods of the overlays that are not the catalog's: the data stores and the npm registry proxy. */
const DEPENDENCIES = ["postgres", "redis", "qdrant", "npm-registry-proxy"];
const DNS = ["53/UDP", "53/TCP"];

type Workload = { spec: { template: { metadata: { labels: Record<string, string> }; spec: PodSpec } } };
type PodSpec = { containers: { ports?: ContainerPort[] }[] };
type CronJob = { spec: { jobTemplate: Workload } };

const namespaceLabels = (namespace: string) => ({ "kubernetes.io/metadata.name": namespace });
let nextIp = 1;
const outsidePod = (
  name: string,
  namespace: string,
  labels: Record<string, string>,
  ports: ContainerPort[] = [],
): Endpoint => ({
  kind: "pod",
  name,
  namespace,
  namespaceLabels: namespaceLabels(namespace),
  labels,
  ip: `10.244.1.${nextIp++}`,
  ports,
});
const external = (name: string, ip: string): Endpoint => ({ kind: "external", name, ip });

/** The pods the manifests run, as the cluster would label and number them. */
function pods(manifests: Manifest[], namespace: string): Endpoint[] {
  return manifests.flatMap((m, i) => {
    const template =
      m.kind === "CronJob"
        ? (m as unknown as CronJob).spec.jobTemplate.spec.template
        : ["Deployment", "StatefulSet", "Job"].includes(m.kind)
          ? (m as unknown as Workload).spec.template
          : undefined;
    if (!template) return [];
    return [
      {
        kind: "pod" as const,
        name: m.metadata.name,
        namespace,
        namespaceLabels: namespaceLabels(namespace),
        labels: template.metadata.labels,
        ip: `10.244.0.${i + 1}`,
        ports: template.spec.containers.flatMap((c) => c.ports ?? []),
      },
    ];
  });
}

/** Around the catalog: the ingress controller, Prometheus, KEDA, DNS, strangers, the outside. */
const SURROUNDINGS: Endpoint[] = [
  outsidePod("ingress-nginx", "ingress-nginx", { "app.kubernetes.io/name": "ingress-nginx" }),
  outsidePod("prometheus", "monitoring", { "app.kubernetes.io/name": "prometheus" }),
  outsidePod("keda-operator", "keda", { "app.kubernetes.io/name": "keda-operator" }),
  outsidePod("kube-dns", "kube-system", { "k8s-app": "kube-dns" }, [
    { name: "dns", containerPort: 53, protocol: "UDP" },
    { name: "dns-tcp", containerPort: 53, protocol: "TCP" },
  ]),
  outsidePod("stranger", "default", { app: "stranger" }),
  external("internet", "93.184.215.14"),
  external("internet-v6", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"),
  external("metadata", "169.254.169.254"),
  external("metadata-v6", "fd00:ec2::254"),
  external("node", "10.0.0.5"),
  external("mapped-node", "::ffff:10.0.0.5"),
  external("nat64-private", "64:ff9b::a00:5"),
];

const OUTSIDE_PORTS = ["80/TCP", "443/TCP", "8080/TCP", "5432/TCP", "6379/TCP", "6333/TCP", "53/UDP"];

/** Every allowed connection from or to a pod of `namespace`, as `from -> to:port/protocol`. */
function allowedFlows(policies: NetworkPolicy[], endpoints: Endpoint[], namespace: string): string[] {
  const inside = (e: Endpoint) => e.kind === "pod" && e.namespace === namespace;
  const flows: string[] = [];
  for (const from of endpoints)
    for (const to of endpoints) {
      if (from === to || (!inside(from) && !inside(to))) continue;
      const ports =
        to.kind === "pod" && to.ports.length > 0
          ? to.ports.map((p) => `${p.containerPort}/${p.protocol ?? "TCP"}`)
          : OUTSIDE_PORTS;
      for (const port of new Set(ports)) {
        const [number, protocol] = port.split("/") as [string, "TCP" | "UDP"];
        if (allows(policies, { from, to, port: Number(number), protocol }))
          flows.push(`${from.name} -> ${to.name}:${port}`);
      }
    }
  return flows.sort();
}

const flows = (from: string[], to: string, ports: string[]) =>
  from.flatMap((f) => ports.map((p) => `${f} -> ${to}:${p}`));

/**
 * The architecture's flows; `stores.pods`: the data stores and the npm registry proxy run in the
 * namespace (dev), else they are outside at the addresses the overlay names (prod).
 */
function expectedFlows(inside: string[], stores: { pods: boolean }): string[] {
  const internet = ["internet", "internet-v6"];
  const catalogPods = inside.filter((p) => !DEPENDENCIES.includes(p));
  return [
    ...flows(["ingress-nginx"], "gateway", ["8080/TCP"]),
    ...flows(["gateway"], "search", ["8081/TCP"]),
    ...flows(["prometheus"], "gateway", ["9464/TCP"]),
    ...flows(["prometheus"], "search", ["9465/TCP"]),
    ...flows(["prometheus"], "catalog", ["8082/TCP"]),
    ...flows(["prometheus"], "ingest", ["8083/TCP"]),
    ...flows(["prometheus"], "prober", ["8084/TCP"]),
    ...flows(["prometheus"], "introspector", ["8084/TCP"]),
    ...flows(catalogPods, "postgres", ["5432/TCP"]),
    ...flows(WORKERS, "redis", ["6379/TCP"]),
    ...(stores.pods ? flows(["keda-operator"], "redis", ["6379/TCP"]) : []),
    ...flows(["search"], "qdrant", ["6333/TCP"]),
    ...flows(inside, "kube-dns", DNS),
    ...internet.flatMap((i) => flows(["prober"], i, OUTSIDE_PORTS)),
    ...internet.flatMap((i) => flows(["ingest"], i, ["80/TCP", "443/TCP"])),
    // The introspector's only way out besides DNS and the data stores: the registry proxy.
    ...(stores.pods
      ? [
          ...flows(["introspector"], "npm-registry-proxy", ["4873/TCP"]),
          ...internet.flatMap((i) => flows(["npm-registry-proxy"], i, ["443/TCP"])),
        ]
      : flows(["introspector"], "npm-proxy", ["443/TCP"])),
  ].sort();
}

describe("k8s network policies against the architecture", () => {
  it("dev: allow exactly the architecture's flows, the in-cluster data stores included", () => {
    const manifests = render("dev");
    const inside = pods(manifests, "catalog-dev");
    const policies = manifests.filter((m) => m.kind === "NetworkPolicy") as unknown as NetworkPolicy[];
    const names = inside.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining([...WORKERS, "catalog-migrate", ...DEPENDENCIES]));
    expect(allowedFlows(policies, [...inside, ...SURROUNDINGS], "catalog-dev")).toEqual(
      expectedFlows(names, { pods: true }),
    );
  });

  it("prod: the same flows, with the managed data stores reached at their address ranges only", () => {
    const manifests = render("prod");
    const inside = pods(manifests, "catalog");
    const policies = manifests.filter((m) => m.kind === "NetworkPolicy") as unknown as NetworkPolicy[];
    // Addresses in the ranges the prod overlay names for the managed services.
    const stores = [
      { store: external("postgres", "10.40.0.5"), port: 5432 },
      { store: external("redis", "10.40.1.5"), port: 6379 },
      { store: external("qdrant", "10.40.2.5"), port: 6333 },
      { store: external("npm-proxy", "10.40.3.5"), port: 443 },
    ];
    const endpoints = [...inside, ...SURROUNDINGS, ...stores.map((s) => s.store)];
    const allowed = allowedFlows(policies, endpoints, "catalog").filter((f) => {
      // Outside addresses are tried on common ports; keep a store's own port only.
      const store = stores.find((s) => f.includes(`-> ${s.store.name}:`));
      return !store || f.endsWith(`:${store.port}/TCP`);
    });
    expect(allowed).toEqual(
      expectedFlows(
        inside.map((p) => p.name),
        { pods: false },
      ),
    );
  });

  it.each(["dev", "prod"])(
    "%s: the introspector reaches DNS, PostgreSQL, Redis and the registry proxy, nothing else",
    (overlay) => {
      const manifests = render(overlay);
      const namespace = overlay === "dev" ? "catalog-dev" : "catalog";
      const policies = manifests.filter((m) => m.kind === "NetworkPolicy") as unknown as NetworkPolicy[];
      const inside = pods(manifests, namespace);
      const outside =
        overlay === "dev"
          ? []
          : [
              external("postgres", "10.40.0.5"),
              external("redis", "10.40.1.5"),
              external("qdrant", "10.40.2.5"),
              external("npm-proxy", "10.40.3.5"),
            ];
      const introspector = inside.find((p) => p.name === "introspector")!;
      const reached = allowedFlows(policies, [...inside, ...SURROUNDINGS, ...outside], namespace)
        .filter((f) => f.startsWith("introspector -> "))
        .map((f) => f.slice("introspector -> ".length));
      const proxy = overlay === "dev" ? "npm-registry-proxy:4873/TCP" : "npm-proxy:443/TCP";
      // Outside addresses are tried on common ports: prod's stores answer on more than their own.
      const stores = overlay === "dev" ? ["postgres:5432/TCP", "redis:6379/TCP"] : ["postgres:", "redis:"];
      expect(introspector).toBeDefined();
      expect(reached).toContain(proxy);
      for (const target of reached)
        expect([
          target,
          [...DNS.map((d) => `kube-dns:${d}`), proxy, ...stores].some((t) => target.startsWith(t)),
        ]).toEqual([target, true]);
      expect(reached.some((t) => t.startsWith("internet"))).toBe(false);
    },
  );

  it("the hosted-apis component adds HTTPS to public addresses for the gateway and search only", () => {
    const base = render("prod");
    const withApis = render("prod", ["hosted-apis"]);
    const policiesOf = (ms: Manifest[]) =>
      ms.filter((m) => m.kind === "NetworkPolicy") as unknown as NetworkPolicy[];
    const endpoints = [...pods(base, "catalog"), ...SURROUNDINGS];
    const before = new Set(allowedFlows(policiesOf(base), endpoints, "catalog"));
    const added = allowedFlows(policiesOf(withApis), endpoints, "catalog").filter((f) => !before.has(f));
    expect(added).toEqual(
      ["gateway", "search"]
        .flatMap((s) => [`${s} -> internet-v6:443/TCP`, `${s} -> internet:443/TCP`])
        .sort(),
    );
  });
});
