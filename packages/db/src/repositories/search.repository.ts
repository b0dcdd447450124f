import type { Database } from "../database.js";
import { SearchDocumentsRepository } from "./search-documents.repository.js";
import { SearchFactsRepository } from "./search-facts.repository.js";
import { SearchLexicalRepository } from "./search-lexical.repository.js";
import { SearchVectorsOwedRepository } from "./search-vectors-owed.repository.js";
import { SearchVectorsRepository } from "./search-vectors.repository.js";

/** A repository's methods (its private connection left out, so that several intersect). */
type Methods<R> = Pick<R, keyof R>;

/**
 * Every search concern's methods on one object, on one Database (hot reads and bulk writes go
 * straight to its pool: a fraction of Prisma's CPU per query). The search service opens one and
 * hands it to its parts, each of which uses one concern; all of it is written only by the search
 * service.
 */
export type SearchRepository = Methods<SearchDocumentsRepository> &
  Methods<SearchLexicalRepository> &
  Methods<SearchVectorsRepository> &
  Methods<SearchVectorsOwedRepository> &
  Methods<SearchFactsRepository>;

const CONCERNS = [
  SearchDocumentsRepository,
  SearchLexicalRepository,
  SearchVectorsRepository,
  SearchVectorsOwedRepository,
  SearchFactsRepository,
];

/** The methods of `repository`'s class, bound to it, by name. */
function boundMethods(repository: object): Record<string, unknown> {
  const prototype = Object.getPrototypeOf(repository) as Record<
    string,
    (this: object, ...args: unknown[]) => unknown
  >;
  const names = Object.getOwnPropertyNames(prototype).filter((name) => name !== "constructor");
  return Object.fromEntries(names.map((name) => [name, prototype[name]!.bind(repository)]));
}

// The type above lists what the constructor assigns: TypeScript cannot follow Object.assign.
export const SearchRepository = class {
  constructor(db: Database) {
    Object.assign(this, ...CONCERNS.map((Concern) => boundMethods(new Concern(db))));
  }
} as new (db: Database) => SearchRepository;
