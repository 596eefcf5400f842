import Foundation

/// The Python driver the MCP tests run with the official SDK (`mcp` on PyPI): it launches
/// `agtrace mcp` over stdio with `mcp.Client` in the mode asked for ("auto": the stateless
/// 2026-07-28 flow, probed with server/discover; "legacy": the initialize handshake), and
/// writes what it saw as JSON. Kept here as text so the test target holds no loose file.
enum MCPPythonClient {
    static let script = #"""
import asyncio, json, os, sys
from mcp import Client, StdioServerParameters

agtrace, db, root, mode, phase, questions_path, out_path = sys.argv[1:8]

async def all_tools(client):
    tools, cursor, pages = [], None, 0
    while True:
        page = await client.list_tools(cursor=cursor) if cursor is not None else await client.list_tools()
        pages += 1
        tools += page.tools
        cursor = page.next_cursor
        if cursor is None:
            return tools, pages

async def main():
    # The SDK starts the server with a minimal environment: what the test sets is passed on.
    env = {k: v for k, v in os.environ.items() if k.startswith("AGTRACE_")}
    params = StdioServerParameters(command=agtrace, args=["mcp", "--db", db, "--root", root], env=env)
    out = {"mode": mode, "phase": phase}
    async with Client(params, mode=mode) as client:
        out["protocolVersion"] = client.protocol_version
        tools, pages = await all_tools(client)
        out["tools"] = [{"name": t.name, "hasInput": t.input_schema is not None, "hasOutput": t.output_schema is not None,
                         "description": t.description} for t in tools]
        out["toolPages"] = pages
        if phase == "import":
            r = await client.call_tool("import", {"paths": ["SampleArchives"]})
            out["import"] = {"isError": r.is_error, "structured": r.structured_content, "text": r.content[0].text}
            r = await client.call_tool("list", {})
            out["list"] = r.structured_content
        else:
            questions = json.load(open(questions_path))
            answers = []
            for q in questions:
                r = await client.call_tool(q["tool"], q["arguments"])
                structured = r.structured_content
                got = structured.get(q["part"]) if isinstance(structured, dict) else None
                # What differs by nature between two runs (the time of a private import).
                for path in q.get("ignore", []):
                    for side in (got, q["expected"]):
                        *parents, last = path.split(".")
                        for key in parents:
                            side = side.get(key, {}) if isinstance(side, dict) else {}
                        if isinstance(side, dict):
                            side.pop(last, None)
                answers.append({"name": q["name"], "isError": r.is_error, "text": r.content[0].text if r.content else "",
                                "equal": got == q["expected"], "got": got, "expected": q["expected"],
                                "exitStatus": structured.get("exitStatus") if isinstance(structured, dict) else None})
            out["answers"] = answers
            uris, cursor = [], None
            while True:
                page = await client.list_resources(cursor=cursor)
                uris += [r.uri for r in page.resources]
                cursor = page.next_cursor
                if cursor is None:
                    break
            out["resources"] = uris
            schema = await client.read_resource("agtrace://schema")
            out["schema"] = schema.contents[0].text
            prompts = await client.list_prompts()
            out["prompts"] = [p.name for p in prompts.prompts]
            prompt = await client.get_prompt("why-does-view-rerender", {"view": "TripView", "recording": "trip-taps"})
            out["promptText"] = prompt.messages[0].content.text
            r = await client.call_tool("report", {"name": "updates", "trace": "no-such-trace", "by": "view"})
            out["unknownLabel"] = {"isError": r.is_error, "text": r.content[0].text}
            r = await client.call_tool("import", {"paths": ["/etc/passwd"]})
            out["outsideRoot"] = {"isError": r.is_error, "text": r.content[0].text}
            r = await client.call_tool("query", {"sql": "DELETE FROM snapshots"})
            out["write"] = {"isError": r.is_error, "text": r.content[0].text}
            # The SDK's own cancellation: a call it stops waiting for is cancelled on the wire
            # (notifications/cancelled); the endless query stops and the next call is answered.
            try:
                await client.call_tool("query", {"sql": "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c",
                                                 "timeoutSeconds": 60}, read_timeout_seconds=1)
                out["cancelled"] = "answered"
            except Exception as e:
                out["cancelled"] = type(e).__name__
            r = await client.call_tool("query", {"sql": "SELECT 7 AS n"})
            out["afterCancel"] = r.structured_content
    json.dump(out, open(out_path, "w"), indent=1)

asyncio.run(main())
"""#
}
