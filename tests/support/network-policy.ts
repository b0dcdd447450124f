import { BlockList, isIPv6 } from "node:net";

/**
 * Kubernetes NetworkPolicy semantics (networking.k8s.io/v1), enough to ask of rendered
 * manifests whether one endpoint may open a connection to another: a pod selected by a policy
 * of a direction is isolated in that direction and admits only what some such policy's rule
 * allows; a connection needs both the source's egress and the destination's ingress.
 */

type Selector = {
  matchLabels?: Record<string, string>;
  matchExpressions?: {
    key: string;
    operator: "In" | "NotIn" | "Exists" | "DoesNotExist";
    values?: string[];
  }[];
};
type Peer = {
  podSelector?: Selector;
  namespaceSelector?: Selector;
  ipBlock?: { cidr: string; except?: string[] };
};
type PolicyPort = { protocol?: string; port?: number | string; endPort?: number };
type Rule = { from?: Peer[]; to?: Peer[]; ports?: PolicyPort[] };
export type NetworkPolicy = {
  metadata: { name: string; namespace: string };
  spec: {
    podSelector: Selector;
    policyTypes?: ("Ingress" | "Egress")[];
    ingress?: Rule[];
    egress?: Rule[];
  };
};

export type ContainerPort = { name?: string; containerPort: number; protocol?: string };
/** A pod (with its namespace's labels) or an address outside the cluster. */
export type Endpoint =
  | {
      kind: "pod";
      name: string;
      namespace: string;
      namespaceLabels: Record<string, string>;
      labels: Record<string, string>;
      ip: string;
      ports: ContainerPort[];
    }
  | { kind: "external"; name: string; ip: string };

export type Connection = { from: Endpoint; to: Endpoint; port: number; protocol?: "TCP" | "UDP" };

export function selects(selector: Selector, labels: Record<string, string>): boolean {
  const equal = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  return (
    equal &&
    (selector.matchExpressions ?? []).every((e) => {
      const has = Object.hasOwn(labels, e.key);
      switch (e.operator) {
        case "In":
          return has && e.values!.includes(labels[e.key]!);
        case "NotIn":
          return !has || !e.values!.includes(labels[e.key]!);
        case "Exists":
          return has;
        case "DoesNotExist":
          return !has;
      }
    })
  );
}

function inBlock(block: NonNullable<Peer["ipBlock"]>, ip: string): boolean {
  const type = isIPv6(ip) ? "ipv6" : "ipv4";
  const list = (cidrs: string[]) => {
    const l = new BlockList();
    for (const cidr of cidrs) {
      const [net, bits] = cidr.split("/");
      const family = isIPv6(net!) ? "ipv6" : "ipv4";
      if (family === type) l.addSubnet(net!, Number(bits), family);
    }
    return l;
  };
  return list([block.cidr]).check(ip, type) && !list(block.except ?? []).check(ip, type);
}

/** Whether `peer`, written in a policy of `namespace`, names `endpoint`. */
function peerMatches(peer: Peer, namespace: string, endpoint: Endpoint): boolean {
  if (peer.ipBlock) return inBlock(peer.ipBlock, endpoint.ip);
  if (endpoint.kind !== "pod") return false;
  const namespaceOk = peer.namespaceSelector
    ? selects(peer.namespaceSelector, endpoint.namespaceLabels)
    : endpoint.namespace === namespace;
  return namespaceOk && (!peer.podSelector || selects(peer.podSelector, endpoint.labels));
}

/** Whether a rule's ports admit the port; named ports are the destination pod's. */
function portMatches(ports: PolicyPort[] | undefined, c: Connection): boolean {
  if (!ports || ports.length === 0) return true;
  const protocol = c.protocol ?? "TCP";
  return ports.some((p) => {
    if ((p.protocol ?? "TCP") !== protocol) return false;
    if (p.port === undefined) return true;
    if (typeof p.port === "string") {
      if (c.to.kind !== "pod") return false;
      return c.to.ports.some(
        (cp) => cp.name === p.port && cp.containerPort === c.port && (cp.protocol ?? "TCP") === protocol,
      );
    }
    return c.port >= p.port && c.port <= (p.endPort ?? p.port);
  });
}

function types(policy: NetworkPolicy): ("Ingress" | "Egress")[] {
  return policy.spec.policyTypes ?? (policy.spec.egress ? ["Ingress", "Egress"] : ["Ingress"]);
}

/** Whether the policies let `pod`'s side of the connection through in the direction. */
function admits(
  policies: NetworkPolicy[],
  direction: "Ingress" | "Egress",
  pod: Endpoint,
  c: Connection,
): boolean {
  if (pod.kind !== "pod") return true;
  const applying = policies.filter(
    (p) =>
      p.metadata.namespace === pod.namespace &&
      types(p).includes(direction) &&
      selects(p.spec.podSelector, pod.labels),
  );
  if (applying.length === 0) return true;
  const other = direction === "Ingress" ? c.from : c.to;
  return applying.some((p) =>
    ((direction === "Ingress" ? p.spec.ingress : p.spec.egress) ?? []).some((rule) => {
      const peers = direction === "Ingress" ? rule.from : rule.to;
      const peerOk =
        !peers || peers.length === 0 || peers.some((peer) => peerMatches(peer, p.metadata.namespace, other));
      return peerOk && portMatches(rule.ports, c);
    }),
  );
}

export function allows(policies: NetworkPolicy[], c: Connection): boolean {
  return admits(policies, "Egress", c.from, c) && admits(policies, "Ingress", c.to, c);
}
