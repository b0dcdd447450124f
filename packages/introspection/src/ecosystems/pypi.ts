import { notHere, type Planned } from "../plan.js";

/** PyPI packages start with `uvx`, which fetches from PyPI: a registry these machines cannot reach. */
export function planPypi(): Planned {
  return notHere("PyPI packages are fetched from pypi.org, which the introspection machines cannot reach.");
}
