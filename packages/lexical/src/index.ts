export * from "./analyze.js";
export * from "./associations.js";
export * from "./fields.js";
export * from "./intents.js";
export * from "./lexical-index.js";
export * from "./names.js";
export * from "./top-k.js";
export * from "./implied.js";
