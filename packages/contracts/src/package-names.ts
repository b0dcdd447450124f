import { valid as validPep440 } from "@renovatebot/pep440";
import semver from "semver";
import type { PACKAGE_REGISTRY_TYPES } from "./vocabulary.js";

type RegistryType = (typeof PACKAGE_REGISTRY_TYPES)[number];

/** npm's rule for a new package name: scoped or not, lower case, URL-safe, at most 214 characters. */
const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

export function isNpmName(name: string): boolean {
  return name.length <= 214 && NPM_NAME.test(name);
}

/**
 * An exact semantic version as npm publishes one: semver's strict grammar without its leading
 * `v` or spaces (a range or a dist-tag would move under a check that names it).
 */
export function isExactSemver(version: string): boolean {
  return version.length <= 256 && /^\d\S*$/.test(version) && semver.valid(version) !== null;
}

/** PEP 508's project name. */
const PYPI_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,198}[A-Za-z0-9])?$/;
/** NuGet's package id (its PackageIdValidator) and version (SemVer 2, with an optional fourth part). */
const NUGET_ID = /^\w+(?:[.-]\w+)*$/;
const NUGET_VERSION = /^\d{1,9}(?:\.\d{1,9}){1,3}(?:-[0-9A-Za-z.-]{1,100})?(?:\+[0-9A-Za-z.-]{1,100})?$/;
/** An image reference (the distribution project's grammar): optional registry host, then path components. */
const OCI_REFERENCE =
  /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*(?::\d{1,5})?\/)?[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::\w[\w.-]{0,127})?(?:@sha256:[a-f0-9]{64})?$/;
const OCI_TAG = /^\w[\w.-]{0,127}$/;

/** An https URL written out in printable ASCII (the URL parser would accept controls and spaces). */
function isHttpsUrl(text: string): boolean {
  return /^https:\/\/[\x21-\x7e]+$/.test(text) && URL.canParse(text);
}

type NameRule = { identifier: (id: string) => boolean; names: string; version: (v: string) => boolean };

/**
 * What each registry accepts as a package's identifier and exact version, as a check's request
 * is held to them (and npm listings are, before an install).
 */
export const PACKAGE_NAME_RULES: Record<RegistryType, NameRule> = {
  npm: { identifier: isNpmName, names: "an npm package name", version: isExactSemver },
  pypi: {
    identifier: (id) => PYPI_NAME.test(id),
    names: "a PyPI project name",
    version: (v) => v.length <= 100 && validPep440(v) !== null,
  },
  nuget: {
    identifier: (id) => id.length <= 100 && NUGET_ID.test(id),
    names: "a NuGet package id",
    version: (v) => NUGET_VERSION.test(v),
  },
  oci: {
    identifier: (id) => id.length <= 512 && OCI_REFERENCE.test(id),
    names: "an OCI image reference",
    version: (v) => OCI_TAG.test(v),
  },
  mcpb: {
    identifier: (id) => id.length <= 2048 && isHttpsUrl(id),
    names: "an https URL of an MCP bundle",
    version: isExactSemver,
  },
};
