// The generated client (CommonJS, named exports detected by Node) re-exported so the rest of the
// code imports one module.
export { Prisma, PrismaClient } from "../generated/client/index.js";
export type * from "../generated/client/index.js";
