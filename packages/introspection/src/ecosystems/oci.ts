import { notHere, type Planned } from "../plan.js";

/** Images need a container registry to pull from and a container runtime inside the sandbox. */
export function planOci(): Planned {
  return notHere(
    "OCI images are pulled from a container registry the introspection machines cannot reach, and run by a container runtime the sandbox does not hold.",
  );
}
