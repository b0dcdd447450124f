export * from "./infrastructure.js";
