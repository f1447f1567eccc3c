// The JSON API, as the page uses it. Every error arrives as an ApiError whose message is the
// problem+json "detail" the service wrote (it names the field), or a plain sentence when the
// service cannot be reached at all.

export class ApiError extends Error {
  constructor(status, problem) {
    const detail = problem && (problem.detail || problem.title);
    super(detail || `The service answered ${status}.`);
    this.status = status;
    this.problem = problem || {};
  }
}

async function send(method, url, body) {
  const options = { method, headers: { Accept: "application/json" } };
  if (body instanceof FormData) {
    options.body = body;
  } else if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, options);
  } catch {
    throw new ApiError(0, { detail: "The service cannot be reached. Check the connection and try again." });
  }
  const type = response.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await response.json().catch(() => null) : null;
  if (!response.ok) {
    throw new ApiError(response.status, data || { title: response.statusText });
  }
  return data;
}

export const getJSON = (url) => send("GET", url);
export const postJSON = (url, body) => send("POST", url, body);
export const postForm = (url, form) => send("POST", url, form);
