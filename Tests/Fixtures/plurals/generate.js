// Writes cldr.json: the plural category of 0…200, and of every range a–b with
// 0 ≤ a < b ≤ 40, for each language of the site's plural rules, as this Node's ICU
// (CLDR) gives them, one letter each (z, o, t, f, m, x for zero, one, two, few, many,
// other). PluralTests compares PluralRules with it.
// Run: node Tests/Fixtures/plurals/generate.js > Tests/Fixtures/plurals/cldr.json
const languages = ["en", "de", "nl", "sv", "da", "fi", "nb", "el", "hu", "tr", "bg", "kk", "ur", "mr", "ml",
  "or", "ta", "te", "hi", "bn", "gu", "kn", "pa", "fr", "pt", "pt-PT", "es", "it", "ca", "ru", "uk", "pl",
  "cs", "sk", "hr", "sl", "lt", "ro", "ar", "he", "ja", "ko", "zh", "th", "vi", "id", "ms"];
const letter = { zero: "z", one: "o", two: "t", few: "f", many: "m", other: "x" };
const out = { icu: process.versions.icu, cldr: process.versions.cldr, languages: {} };
for (const language of languages) {
  const rules = new Intl.PluralRules(language);
  const numbers = [], ranges = [];
  for (let n = 0; n <= 200; n++) numbers.push(letter[rules.select(n)]);
  for (let a = 0; a < 40; a++) for (let b = a + 1; b <= 40; b++) ranges.push(letter[rules.selectRange(a, b)]);
  out.languages[language.toLowerCase()] = { numbers: numbers.join(""), ranges: ranges.join("") };
}
process.stdout.write(JSON.stringify(out, null, 1) + "\n");
