import type { AccessClass, ConnectionClassId } from "@catalog/contracts";

export type ConnectionClass = ConnectionClassId;

/** What the latest probe of a remote showed; absent when it was never probed. */
export type RemoteEvidence = {
  url: string;
  outcome: string;
  /** The access class the probe recorded (ACCESS_CLASSES); absent for older probes. */
  access?: AccessClass | null;
  oauth?: {
    protectedResourceMetadata: boolean;
    authorizationServerMetadata: boolean;
    clientIdMetadataDocument: boolean;
    dynamicRegistration: boolean;
    authorizationServer?: string | undefined;
  };
};

/** How the last introspection of a package (installed and started in a sandbox) ended. */
export type PackageEvidence = {
  registryType: string;
  identifier: string;
  /** The version the listing names ("" for none): evidence of another version does not count. */
  version: string;
  outcome: string;
  /** Why, in one sentence. */
  detail: string;
  toolCount: number;
};

export type ConnectionVia =
  | { kind: "remote"; index: number; type: string; url: string }
  | { kind: "package"; index: number; registryType: string; identifier: string };

export type Connectability = {
  class: ConnectionClass;
  autonomous: boolean;
  human_steps: string[];
  /** The remote or package a connection should use; null when none is usable. */
  via: ConnectionVia | null;
  /** Why this class: one sentence for the descriptor and for operators. */
  reason: string;
};

/** A possible way to connect, before the best one is chosen. */
export type Candidate = Connectability & { via: ConnectionVia; rank: number };
