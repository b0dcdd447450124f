export * from "./derive.js";
