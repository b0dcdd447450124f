export { runService, serveHealth, type ServiceRuntime } from "./run-service.js";
