// A client of Verity's API typed by openapi-typescript from
// http/openapi.json: it must compile without casts to any. go test ./http
// (TestTypedClient) generates verity.d.ts beside a copy of this file and
// runs tsc on both.
import type { paths, components } from "./verity";

type JSONOf<R> = R extends { content: { "application/json": infer B } } ? B : never;

type SearchResults = JSONOf<paths["/api/v1/search"]["get"]["responses"]["200"]>;
type Answer = JSONOf<paths["/api/v1/ask"]["post"]["responses"]["200"]>;
type AskRequest = NonNullable<paths["/api/v1/ask"]["post"]["requestBody"]>["content"]["application/json"];
type Problem = components["schemas"]["ErrorBody"];

export async function firstPassage(base: string, token: string, q: string): Promise<string | undefined> {
  const res = await fetch(`${base}/api/v1/search?q=${encodeURIComponent(q)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!res.ok) {
    const problem: Problem = await res.json();
    throw new Error(`${problem.error.code}: ${problem.error.message}`);
  }
  const found: SearchResults = await res.json();
  if (found.results.length === 0) {
    return undefined;
  }
  const text: string = found.results[0].chunk.text;
  const where: string = `${found.results[0].source_id} v${found.results[0].version} bytes ${found.results[0].chunk.start}-${found.results[0].chunk.end}`;
  // @ts-expect-error: a search result has no field "snippet"; the check fails if the types say anything goes.
  found.results[0].snippet;
  return `${text} (${where})`;
}

export async function ask(base: string, token: string, question: string): Promise<string> {
  const body: AskRequest = { question, k: 5, policy: "strict" };
  // @ts-expect-error: policy is strict or broad.
  const wrong: AskRequest = { question, policy: "lenient" };
  void wrong;
  const res = await fetch(`${base}/api/v1/ask`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const a: Answer = await res.json();
  if (a.outcome === "not_found") {
    return `not found (${a.not_found_reason})`;
  }
  // @ts-expect-error: an outcome is answered, not_found or conversational.
  if (a.outcome === "maybe") {
    return "";
  }
  const quote: string = a.claims[0].verbatim_quote;
  return `${a.answer}\n> ${quote}`;
}
