import { Router } from "express";
import { CATEGORIES, nextAction, type CategoriesBody } from "@catalog/contracts";
import { publicCache } from "../http/cache.js";
import { sendJsonText } from "../http/conditional.js";

/** The fixed taxonomy; each category comes with the search that filters by it. */
const BODY = JSON.stringify({
  categories: CATEGORIES.map(({ id, title, description }) => ({ id, title, description })),
  next_actions: CATEGORIES.map((c) => nextAction("search", { q: c.title, category: c.id })),
} satisfies CategoriesBody);

/** Mounted at /v1: GET /categories. The taxonomy changes only with a release: cached an hour. */
export function categoriesRoutes(): Router {
  const router = Router();
  router.get("/categories", publicCache(3600), (req, res) => {
    sendJsonText(req, res, BODY);
  });
  return router;
}
