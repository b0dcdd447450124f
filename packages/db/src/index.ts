export * from "./admin.js";
export * from "./database.js";
export * from "./prisma.js";
export * from "./repositories/catalog.repository.js";
export * from "./repositories/mirror-state.repository.js";
export * from "./repositories/registry.repository.js";
export * from "./repositories/search.repository.js";
export * from "./repositories/tools.repository.js";
