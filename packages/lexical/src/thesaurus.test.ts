import { Thesaurus, expandQuery } from "./thesaurus.js";

// Lines in WordNet 3.1's own format (offsets made up, pointers kept to hypernyms).
const NOUN = {
  index: [
    "  1 This software and database is being provided",
    "photo n 1 2 @ ~ 1 1 00000300",
    "photograph n 2 2 @ ~ 2 1 00000300 00000500",
    "picture n 2 2 @ ~ 2 1 00000400 00000300",
    "representation n 1 1 ~ 1 0 00000200",
  ].join("\n"),
  data: [
    "  1 This software and database is being provided",
    "00000200 03 n 01 representation 0 000 | a presentation to the mind",
    "00000300 06 n 04 photograph 0 photo 0 exposure 0 still_photograph 0 001 @ 00000200 n 0000 | a picture",
    "00000400 06 n 02 picture 0 image 0 001 @ 00000200 n 0000 | a visual representation",
    "00000500 06 n 02 photograph 1 Photograph(a) 0 000 | a second sense",
  ].join("\n"),
};

describe("thesaurus", () => {
  const thesaurus = Thesaurus.fromWordNet([NOUN], { senses: 1, hypernyms: false });

  it("gives the one-word lemmas of a word's commonest senses, without the word", () => {
    expect(thesaurus.related("photo")).toEqual(["photograph", "exposure"]);
    // "picture" is in 00000300 too, but as its second sense: one sense is read.
    expect(thesaurus.related("picture")).toEqual(["image"]);
    expect(thesaurus.related("unknown")).toEqual([]);
  });

  it("undoes plural and verb endings WordNet's index does not hold", () => {
    expect(thesaurus.related("photos")).toEqual(["photograph", "exposure"]);
    expect(thesaurus.related("pictures")).toEqual(["image"]);
  });

  it("reads more senses and hypernyms when asked", () => {
    const wide = Thesaurus.fromWordNet([NOUN], { senses: 2, hypernyms: true });
    expect(wide.related("picture")).toEqual(["image", "representation", "photograph", "photo", "exposure"]);
  });

  it("adds known related stems as optional terms at a low weight", () => {
    const known = new Set(["photograph", "imag"]);
    const terms = expandQuery("share pictures and photos", ["share", "pictur", "photo"], thesaurus, {
      weight: 0.3,
      perWord: 3,
      known: (t) => known.has(t),
    });
    expect(terms).toEqual([
      { term: "share", weight: 1 },
      { term: "pictur", weight: 1 },
      { term: "photo", weight: 1 },
      { term: "imag", weight: 0.3, optional: true },
      { term: "photograph", weight: 0.3, optional: true },
    ]);
  });

  it("caps the terms added per word", () => {
    const terms = expandQuery("photo", ["photo"], thesaurus, { weight: 0.3, perWord: 1, known: () => true });
    expect(terms.filter((t) => t.optional)).toHaveLength(1);
  });
});
