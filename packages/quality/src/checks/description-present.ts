import { fail, pass, type QualityCheckDefinition } from "../types.js";

export const descriptionPresent: QualityCheckDefinition = {
  id: "description_present",
  weight: 5,
  run: ({ description, probe }) => {
    const text = (description ?? probe?.server_info?.description ?? "").trim();
    if (text.length >= 10) return pass("The server describes itself.");
    return fail(
      text ? "The description is too short to say what the server does." : "The server gives no description.",
    );
  },
};
