import { notHere, type Planned } from "../plan.js";

/** NuGet tools start with `dnx`, which needs the .NET 10 SDK and nuget.org: neither is here. */
export function planNuget(): Planned {
  return notHere(
    "NuGet packages are fetched from nuget.org and started by the .NET SDK's dnx; neither is reachable from the introspection machines.",
  );
}
