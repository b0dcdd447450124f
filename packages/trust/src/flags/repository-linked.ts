import type { TrustFlagDefinition } from "../types.js";

export const repositoryLinked: TrustFlagDefinition = {
  flag: "repository_linked",
  weight: 10,
  meaning: "The listing names a source repository, so its code can be read.",
  detect: ({ repositoryUrl }) => (repositoryUrl ? { repository: repositoryUrl } : null),
};
