// The corpus's zod schemas: typical zod schemas converted by zod-to-json-schema (its defaults: draft-07,
// "$ref" for repeated schemas), written to zod/<name>.json with their entries in index.json.
// Run once, in a folder outside the repository (neither package is a dependency of pyrite):
//
//   npm install zod@3.25.76 zod-to-json-schema@3.25.2
//   node <repo>/tests/constrain/corpus/make_zod.mjs
import { readFileSync, readdirSync, unlinkSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(join(process.cwd(), "package.json"));   // the packages installed where it runs
const { z } = require("zod");
const { zodToJsonSchema } = require("zod-to-json-schema");

const address = z.object({
  street: z.string().min(1), city: z.string(), zip: z.string().regex(/^\d{5}$/),
  country: z.enum(["US", "CA", "MX"]).default("US"),
});
const user = z.object({
  id: z.string().uuid(), email: z.string().email(), name: z.string().min(1).max(80),
  age: z.number().int().nonnegative().optional(), role: z.enum(["admin", "editor", "viewer"]),
  address: address.nullable(), createdAt: z.string().datetime(),
});
const category = z.lazy(() => z.object({ name: z.string(), subcategories: z.array(category) }));
const shape = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("circle"), radius: z.number().positive() }),
  z.object({ kind: z.literal("square"), side: z.number().positive() }),
  z.object({ kind: z.literal("rect"), width: z.number(), height: z.number() }),
]);
const item = z.object({ sku: z.string().regex(/^[A-Z]{2}\d{4}$/), qty: z.number().int().min(1).max(99),
                        price: z.number().multipleOf(0.01) });

const SCHEMAS = {
  address,
  user,
  category_recursive: category,
  shape_union: shape,
  cart: z.object({ owner: user, items: z.array(item).min(1).max(20), coupon: z.string().length(8).optional() }),
  tool_weather: z.object({ location: z.string().describe("City name"),
                           unit: z.enum(["celsius", "fahrenheit"]).default("celsius") }),
  config_record: z.object({ env: z.record(z.string()), flags: z.record(z.boolean()).optional(),
                            port: z.number().int().min(1).max(65535) }).strict(),
  tuple_point: z.object({ point: z.tuple([z.number(), z.number()]), label: z.string().nullable() }),
  intersection: z.intersection(z.object({ id: z.number().int() }), z.object({ name: z.string() })),
  event: z.object({ title: z.string().max(100), when: z.string().date(), url: z.string().url().optional(),
                    attendees: z.array(z.string().email()).max(50), tags: z.set(z.string()).optional() }),
  union_literals: z.object({ status: z.union([z.literal("ok"), z.literal("error"), z.literal(404)]),
                             payload: z.union([z.string(), z.number(), z.boolean(), z.null()]) }),
  reused: z.object({ billing: address, shipping: address, contact: user.pick({ email: true, name: true }) }),
  sentiment: z.object({ label: z.enum(["positive", "negative", "neutral"]),
                        score: z.number().min(0).max(1), evidence: z.array(z.string()).max(3) }),
  nested_optional: z.object({ a: z.object({ b: z.object({ c: z.string().optional() }).optional() }).partial() }),
};

const here = dirname(fileURLToPath(import.meta.url));
const folder = join(here, "zod");
mkdirSync(folder, { recursive: true });
for (const old of readdirSync(folder)) unlinkSync(join(folder, old));
const indexPath = join(here, "index.json");
const index = Object.fromEntries(Object.entries(JSON.parse(readFileSync(indexPath, "utf8")))
  .filter(([, v]) => v.source !== "zod"));
const version = (name) =>   // read from node_modules: not every package exports its package.json
  JSON.parse(readFileSync(join(process.cwd(), "node_modules", name, "package.json"), "utf8")).version;
for (const [name, schema] of Object.entries(SCHEMAS)) {
  writeFileSync(join(folder, `${name}.json`), JSON.stringify(zodToJsonSchema(schema), null, 1) + "\n");
  index[`zod/${name}.json`] = { source: "zod", package: "zod-to-json-schema", version: version("zod-to-json-schema"),
                                zod: version("zod"), made_by: "make_zod.mjs" };
}
const sorted = Object.fromEntries(Object.keys(index).sort().map((k) => [k, index[k]]));
writeFileSync(indexPath, JSON.stringify(sorted, null, 1) + "\n");
console.log(`zod: ${Object.keys(SCHEMAS).length} schemas written to ${folder}`);
