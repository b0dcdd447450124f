export { assignCategories, keywordPoints, MAX_CATEGORIES } from "./assign.js";
export { CategoryClassifier, prototypeText } from "./classifier.js";
export { KEYWORDS, type AssignableCategory } from "./keywords.js";
export { embeddingText, serverText, toolText, type CategoryInput } from "./text.js";
