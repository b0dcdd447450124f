import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseAllDocuments } from "yaml";
import { SECRET_SETTINGS, settings } from "@catalog/config";
import { render, root, type Manifest } from "../support/k8s.js";

const SERVICES = readdirSync(path.join(root, "services"));

/** The kubernetes-models class for a manifest: its validate() checks the Kubernetes OpenAPI schema. */
async function model(m: Manifest): Promise<{ validate(): void }> {
  const slash = m.apiVersion.indexOf("/");
  const group = slash < 0 ? "" : m.apiVersion.slice(0, slash);
  const version = m.apiVersion.slice(slash + 1);
  const module = group.endsWith("keda.sh")
    ? await import(`@kubernetes-models/keda/${group}/${version}/${m.kind}`)
    : group === "monitoring.coreos.com"
      ? await import(`@kubernetes-models/prometheus-operator/${group}/${version}/${m.kind}`)
      : await import(`kubernetes-models/${group ? `${group}/` : ""}${version}/${m.kind}`);
  return new module[m.kind](m);
}

/** Kinds without a namespace. */
const CLUSTER_SCOPED = ["Namespace", "RuntimeClass"];

type Workload = {
  spec: {
    template: {
      spec: {
        runtimeClassName?: string;
        automountServiceAccountToken?: boolean;
        initContainers: { name: string }[];
        containers: {
          image: string;
          env?: { name: string; value?: string }[];
          readinessProbe?: { httpGet?: { path: string } };
          livenessProbe?: { httpGet?: { path: string } };
          securityContext?: {
            readOnlyRootFilesystem?: boolean;
            allowPrivilegeEscalation?: boolean;
            capabilities: { drop: string[]; add: string[] };
          };
          volumeMounts: { name: string; mountPath: string }[];
        }[];
        volumes: { name: string; emptyDir?: { sizeLimit?: string } }[];
      };
    };
  };
};

/** A Kubernetes quantity in bytes (binary and decimal suffixes). */
function bytes(quantity: string): number {
  const m = /^(\d+)(Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(quantity);
  if (!m) throw new Error(`not a quantity: ${quantity}`);
  const unit = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, k: 1e3, M: 1e6, G: 1e9, T: 1e12 };
  return Number(m[1]) * (m[2] ? unit[m[2] as keyof typeof unit] : 1);
}

const find = (ms: Manifest[], kind: string, name: string) =>
  ms.find((m) => m.kind === kind && m.metadata.name === name);

describe.each(["dev", "prod"])("k8s overlay %s", (overlay) => {
  const manifests = render(overlay);

  it("renders and every object validates against the Kubernetes (KEDA, Prometheus Operator) OpenAPI schemas", async () => {
    expect(manifests.length).toBeGreaterThan(15);
    for (const m of manifests) {
      const object = await model(m);
      expect(() => object.validate()).not.toThrow();
    }
  });

  it("runs every service with probes, resources, configuration and a disruption budget", () => {
    for (const name of SERVICES) {
      const deployment = find(manifests, "Deployment", name) as unknown as {
        spec: {
          template: {
            spec: {
              containers: Record<string, unknown>[];
              initContainers: { name: string }[];
              terminationGracePeriodSeconds: number;
            };
          };
        };
      };
      expect(deployment).toBeDefined();
      const pod = deployment.spec.template.spec;
      const [container] = pod.containers as {
        readinessProbe?: { httpGet?: { path: string } };
        livenessProbe?: { httpGet?: { path: string } };
        resources: { requests?: unknown; limits?: unknown };
        envFrom: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
      }[];
      // Readiness checks the dependencies; liveness must not, or an outage restarts every pod.
      expect(container!.readinessProbe?.httpGet?.path).toBe("/healthz");
      expect(container!.livenessProbe?.httpGet?.path).toBe("/livez");
      expect(container!.resources.requests).toBeDefined();
      expect(container!.resources.limits).toBeDefined();
      expect(container!.envFrom.some((e) => e.configMapRef?.name.startsWith("catalog-config"))).toBe(true);
      expect(container!.envFrom.some((e) => e.secretRef?.name.startsWith("catalog-secrets"))).toBe(true);
      expect(pod.initContainers.map((c) => c.name)).toEqual(["wait-for-migrations"]);
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(25);
      if (overlay === "prod") expect(find(manifests, "PodDisruptionBudget", name)).toBeDefined();
    }
  });

  it("autoscales the gateway on CPU and the prober on its BullMQ queue with KEDA", () => {
    const hpa = find(manifests, "HorizontalPodAutoscaler", "gateway") as unknown as {
      spec: { scaleTargetRef: { name: string } };
    };
    expect(hpa.spec.scaleTargetRef.name).toBe("gateway");
    const scaled = find(manifests, "ScaledObject", "prober") as unknown as {
      spec: {
        scaleTargetRef: { name: string };
        triggers: { type: string; metadata: { listName: string } }[];
      };
    };
    expect(scaled.spec.scaleTargetRef.name).toBe("prober");
    expect(scaled.spec.triggers[0]).toMatchObject({
      type: "redis",
      metadata: { listName: "catalog:prober:wait" },
    });
  });

  it("migrates with a Job and exposes the gateway through an Ingress", () => {
    expect(find(manifests, "Job", "catalog-migrate")).toBeDefined();
    expect(find(manifests, "Ingress", "gateway")).toBeDefined();
    for (const m of manifests.filter((x) => !CLUSTER_SCOPED.includes(x.kind)))
      expect(m.metadata.namespace).toBe(overlay === "dev" ? "catalog-dev" : "catalog");
  });

  describe("introspection (docs/introspection.md, production form)", () => {
    const introspector = find(manifests, "Deployment", "introspector") as unknown as Workload;
    const prober = find(manifests, "Deployment", "prober") as unknown as Workload;
    const env = (w: Workload) =>
      Object.fromEntries((w.spec.template.spec.containers[0]!.env ?? []).map((e) => [e.name, e.value]));

    it("runs the prober image on the introspection queue only, and the prober on the URL queue only", () => {
      const [container] = introspector.spec.template.spec.containers;
      expect(container!.image).toBe(prober.spec.template.spec.containers[0]!.image);
      expect(env(introspector).PROBER_CONCURRENCY).toBe("0");
      expect(Number(env(introspector).INTROSPECTION_CONCURRENCY)).toBeGreaterThan(0);
      expect(env(prober).INTROSPECTION_CONCURRENCY).toBe("0");
      // Every variable it sets is a setting the worker reads, besides npm's own home and cache.
      for (const name of Object.keys(env(introspector)).filter(
        (n) => n !== "HOME" && !n.startsWith("npm_config_"),
      ))
        expect([name, name in settings]).toEqual([name, true]);
      expect(container!.readinessProbe?.httpGet?.path).toBe("/healthz");
      expect(container!.livenessProbe?.httpGet?.path).toBe("/livez");
      expect(introspector.spec.template.spec.initContainers.map((c) => c.name)).toEqual([
        "wait-for-migrations",
      ]);
      expect(find(manifests, "PodDisruptionBudget", "introspector") !== undefined).toBe(overlay === "prod");
    });

    it("runs under a sandboxing RuntimeClass (gVisor) with the capabilities bubblewrap needs and no other", () => {
      const pod = introspector.spec.template.spec;
      const runtime = find(manifests, "RuntimeClass", pod.runtimeClassName ?? "") as unknown as {
        handler: string;
      };
      expect(runtime.handler).toBe("runsc");
      expect(pod.automountServiceAccountToken).toBe(false);
      const sc = pod.containers[0]!.securityContext!;
      expect(sc.readOnlyRootFilesystem).toBe(true);
      expect(sc.allowPrivilegeEscalation).toBe(false);
      expect(sc.capabilities.drop).toEqual(["ALL"]);
      expect([...sc.capabilities.add].sort()).toEqual(
        ["CHOWN", "DAC_OVERRIDE", "NET_ADMIN", "SETGID", "SETUID", "SYS_ADMIN"].sort(),
      );
    });

    it("keeps the package cache on a volume larger than INTROSPECTION_CACHE_MAX_BYTES, at INTROSPECTION_CACHE_DIR", () => {
      const pod = introspector.spec.template.spec;
      // As the worker reads them: the Deployment's value, else the default.
      const dir = settings.INTROSPECTION_CACHE_DIR.schema.parse(env(introspector).INTROSPECTION_CACHE_DIR);
      const max = settings.INTROSPECTION_CACHE_MAX_BYTES.schema.parse(
        env(introspector).INTROSPECTION_CACHE_MAX_BYTES,
      );
      const mount = pod.containers[0]!.volumeMounts.find((m) => m.mountPath === dir);
      const volume = pod.volumes.find((v) => v.name === mount?.name);
      expect(bytes(volume?.emptyDir?.sizeLimit ?? "0")).toBeGreaterThan(max);
      // npm's home and download cache are on a bounded volume too (the root filesystem is read-only).
      const tmp = pod.volumes.find(
        (v) => v.name === pod.containers[0]!.volumeMounts.find((m) => m.mountPath === "/tmp")?.name,
      );
      expect(bytes(tmp?.emptyDir?.sizeLimit ?? "0")).toBeGreaterThan(0);
      expect(env(introspector).npm_config_cache).toMatch(/^\/tmp\//);
    });

    it("scales the introspector with KEDA on the introspection queue's wait list, apart from the prober", () => {
      const scaled = find(manifests, "ScaledObject", "introspector") as unknown as {
        spec: {
          scaleTargetRef: { name: string };
          triggers: { type: string; metadata: { listName: string } }[];
        };
      };
      expect(scaled.spec.scaleTargetRef.name).toBe("introspector");
      expect(scaled.spec.triggers[0]).toMatchObject({
        type: "redis",
        metadata: { listName: "catalog:introspection:wait" },
      });
    });

    it("installs from the registry proxy the network policy lets it reach", () => {
      const url = env(introspector).NPM_REGISTRY_URL;
      expect(url).toBe(
        overlay === "dev"
          ? "http://npm-registry-proxy:4873/"
          : "https://npm-proxy.example.internal/api/npm/npm-remote/",
      );
      if (overlay === "dev") expect(find(manifests, "Service", "npm-registry-proxy")).toBeDefined();
    });
  });

  it(
    overlay === "dev"
      ? "runs PostgreSQL, Redis and Qdrant in-cluster"
      : "reaches PostgreSQL, Redis and Qdrant as external services",
    () => {
      for (const name of ["postgres", "redis", "qdrant"]) {
        const service = find(manifests, "Service", name) as unknown as { spec: { type?: string } };
        expect(service).toBeDefined();
        if (overlay === "prod") expect(service.spec.type).toBe("ExternalName");
        else
          expect(
            manifests.some((m) => ["StatefulSet", "Deployment"].includes(m.kind) && m.metadata.name === name),
          ).toBe(true);
      }
    },
  );

  it("scrapes every service's port named metrics (a PodMonitor in prod, annotations everywhere)", () => {
    for (const name of SERVICES) {
      const pod = (find(manifests, "Deployment", name) as unknown as { spec: { template: PodTemplate } }).spec
        .template;
      const metrics = pod.spec.containers[0]!.ports.find((p) => p.name === "metrics");
      expect([name, metrics?.containerPort]).toEqual([
        name,
        Number(pod.metadata.annotations["prometheus.io/port"]),
      ]);
    }
    if (overlay === "prod")
      expect(find(manifests, "PodMonitor", "catalog")?.spec).toMatchObject({
        podMetricsEndpoints: [{ port: "metrics", path: "/metrics" }],
      });
  });
});

type PodTemplate = {
  metadata: { annotations: Record<string, string> };
  spec: { containers: { args?: string[]; ports: { name: string; containerPort: number }[] }[] };
};

describe("k8s dev Redis", () => {
  it("keeps queued jobs on a volume and never evicts a key", () => {
    const redis = find(render("dev"), "StatefulSet", "redis") as unknown as {
      spec: {
        template: { spec: { containers: { args: string[]; volumeMounts: { mountPath: string }[] }[] } };
      };
    };
    const [container] = redis.spec.template.spec.containers;
    const arg = (flag: string) => container!.args[container!.args.indexOf(flag) + 1];
    expect(arg("--maxmemory-policy")).toBe("noeviction");
    expect(arg("--appendonly")).toBe("yes");
    expect(container!.volumeMounts.map((m) => m.mountPath)).toContain(arg("--dir"));
  });
});

describe("k8s configuration against packages/config", () => {
  const overlay = render("dev");
  const data = (kind: string, prefix: string) =>
    Object.keys(
      (overlay.find((m) => m.kind === kind && m.metadata.name.startsWith(prefix)) as { data?: object })
        ?.data ?? {},
    );
  const known = new Set(Object.keys(settings));

  it("the ConfigMap holds only known settings, never a credential", () => {
    for (const key of data("ConfigMap", "catalog-config")) {
      expect([key, known.has(key)]).toEqual([key, true]);
      expect(SECRET_SETTINGS).not.toContain(key);
    }
  });

  it("the Secret holds credentials (plus KEDA's Redis address and password)", () => {
    for (const key of data("Secret", "catalog-secrets")) {
      expect([key, [...SECRET_SETTINGS, "REDIS_ADDRESS", "REDIS_PASSWORD"].includes(key as never)]).toEqual([
        key,
        true,
      ]);
    }
    expect(data("Secret", "catalog-secrets")).toEqual(expect.arrayContaining(["DATABASE_URL", "REDIS_URL"]));
  });
});

describe("k8s alternatives", () => {
  it("the HPA alternative to KEDA validates", async () => {
    const doc = parseAllDocuments(
      readFileSync(path.join(root, "k8s/alternatives/prober-hpa.yaml"), "utf8"),
    )[0]!.toJSON() as Manifest;
    const { HorizontalPodAutoscaler } =
      await import("kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler");
    expect(() => new HorizontalPodAutoscaler(doc as never).validate()).not.toThrow();
  });
});
