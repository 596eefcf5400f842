/// The fixed parts of the HTML report: style, script, and the building blocks sections are made
/// of (tables filled by the script from the page's JSON data, bar charts as inline SVG). Every
/// string from an input goes through `HTMLText` (markup) or into the JSON data (script).
final class HTMLPage {
    private(set) var body = ""
    /// Tables by id, as JSON objects, for the script to render.
    private var tables: [String] = []
    /// Other JSON members of the data block (`"finder": {...}`).
    private var extra: [String] = []
    /// DOT graphs to lay out; the body refers to them as `<!--picture:N-->`.
    private(set) var pictures: [String] = []
    private var tableCount = 0
    private var slotCount = 0

    func html(_ s: String) { body += s }
    func text(_ s: String) { body += HTMLText.escape(s) }

    /// A sortable, filterable table: the rows go into the data, the script draws them. At most
    /// `limit` rows are kept; the caption says how many were left out. `units`: columns whose
    /// numbers are shown for people as the reports show them (`ColumnUnit`: 3.91 ms): such a
    /// cell is `{"v": exact, "s": shown}`, sorted by `v`, with `v` in its tooltip.
    func table(title: String?, columns: [String], rows: [[SQLValue]], limit: Int = 2000, total: Int? = nil,
               units: [String: ColumnUnit] = [:]) {
        tableCount += 1
        let id = "t\(tableCount)"
        let kept = rows.prefix(limit)
        let all = total ?? rows.count
        let columnUnits = columns.map { units[$0] }
        func cell(_ column: Int, _ v: SQLValue) -> String {
            guard column < columnUnits.count, let unit = columnUnits[column] else { return RowWriter.jsonValue(v) }
            switch v {
            case .integer: break
            case .real(let x) where x.isFinite: break
            default: return RowWriter.jsonValue(v)
            }
            return "{\"v\": " + RowWriter.jsonValue(v) + ", \"s\": " + JSONText.quote(unit.display(v)) + "}"
        }
        var json = "{\"id\": \(JSONText.quote(id)), \"columns\": [" + columns.map(JSONText.quote).joined(separator: ", ") + "], \"rows\": ["
        json += kept.map { "[" + $0.enumerated().map { cell($0.offset, $0.element) }.joined(separator: ",") + "]" }.joined(separator: ",\n")
        json += "], \"total\": \(all)}"
        tables.append(json)
        html("<div class=\"table\" data-table=\"\(id)\">")
        if let title { html("<h4>"); text(title); html("</h4>") }
        if kept.count < all {
            html("<p class=\"note left-out\">")
            text("\(kept.count) of \(all) rows are in this page (the first by the order shown); the rest were left out to keep the file small.")
            html("</p>")
        }
        html("</div>\n")
    }

    /// What makes the page's answer doubtful: set apart from the notes (which say what was
    /// left out), where a reader skimming the tables still sees it.
    func warning(_ message: String) {
        html("<p class=\"warning\" role=\"alert\">"); text("Warning: " + message); html("</p>\n")
    }

    /// A horizontal bar chart (inline SVG) of the largest values. `shown`: how a value reads
    /// (seconds as the reports show them, `ColumnUnit.seconds`); else the number and `unit`.
    func bars(title: String, _ items: [(label: String, value: Double)], unit: String, limit: Int = 15,
              shown: ((Double) -> String)? = nil) {
        // Ties by label, so the page is the same on every run (callers may pass dictionary order).
        let top = Array(items.sorted { ($0.value, $1.label) > ($1.value, $0.label) }.prefix(limit))
        guard let maxValue = top.first?.value, maxValue > 0 else { return }
        let rowHeight = 22, labelWidth = 360, barWidth = 420
        let height = top.count * rowHeight + 8
        html("<figure class=\"bars\"><figcaption>")
        text(title + (items.count > top.count ? " (top \(top.count) of \(items.count))" : ""))
        html("</figcaption>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(labelWidth + barWidth + 110)\" height=\"\(height)\" role=\"img\">\n")
        for (i, item) in top.enumerated() {
            let y = 4 + i * rowHeight
            let w = max(1, Int(Double(barWidth) * item.value / maxValue))
            let label = item.label.count > 56 ? String(item.label.prefix(26)) + "…" + String(item.label.suffix(28)) : item.label
            let value = shown?(item.value)
                ?? Self.format(item.value) + (unit.isEmpty ? "" : " " + (item.value == 1 && unit.hasSuffix("s") ? String(unit.dropLast()) : unit))
            html("<g><title>"); text("\(item.label): \(value)"); html("</title>")
            html("<text x=\"\(labelWidth - 6)\" y=\"\(y + 15)\" text-anchor=\"end\">"); text(label); html("</text>")
            html("<rect x=\"\(labelWidth)\" y=\"\(y + 2)\" width=\"\(w)\" height=\"\(rowHeight - 6)\" class=\"bar\"/>")
            html("<text x=\"\(labelWidth + w + 6)\" y=\"\(y + 15)\">"); text(value); html("</text></g>\n")
        }
        html("</svg></figure>\n")
    }

    /// Two bars per item, A above B (B lighter), to the same scale: two recordings side by side.
    /// Items in the order given, the first `limit`.
    func pairedBars(title: String, _ items: [(label: String, a: Double, b: Double)], names: (a: String, b: String),
                    limit: Int = 15, shown: (Double) -> String) {
        let top = Array(items.prefix(limit))
        guard let maxValue = top.map({ max($0.a, $0.b) }).max(), maxValue > 0 else { return }
        let rowHeight = 34, labelWidth = 360, barWidth = 420
        html("<figure class=\"bars\"><figcaption>")
        text(title + (items.count > top.count ? " (top \(top.count) of \(items.count))" : ""))
        html("</figcaption>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(labelWidth + barWidth + 110)\" height=\"\(top.count * rowHeight + 8)\" role=\"img\">\n")
        for (i, item) in top.enumerated() {
            let y = 4 + i * rowHeight
            let label = item.label.count > 56 ? String(item.label.prefix(26)) + "…" + String(item.label.suffix(28)) : item.label
            html("<g><title>"); text("\(item.label): \(names.a) \(shown(item.a)), \(names.b) \(shown(item.b))"); html("</title>")
            html("<text x=\"\(labelWidth - 6)\" y=\"\(y + 19)\" text-anchor=\"end\">"); text(label); html("</text>")
            for (row, value) in [(0, item.a), (1, item.b)] {
                let w = value > 0 ? max(1, Int(Double(barWidth) * value / maxValue)) : 0
                let top = y + 2 + row * 15
                html("<rect x=\"\(labelWidth)\" y=\"\(top)\" width=\"\(w)\" height=\"13\" class=\"bar\"\(row == 1 ? " fill-opacity=\"0.45\"" : "")/>")
                html("<text x=\"\(labelWidth + w + 6)\" y=\"\(top + 11)\">"); text((row == 0 ? names.a : names.b) + " " + shown(value)); html("</text>")
            }
            html("</g>\n")
        }
        html("</svg></figure>\n")
    }

    /// A picture laid out by Graphviz later; `fallback` is shown when Graphviz is absent.
    func picture(_ dot: String) {
        html("<!--picture:\(pictures.count)-->")
        pictures.append(dot)
    }

    func data(_ member: String, json: String) { extra.append(JSONText.quote(member) + ": " + json) }

    /// A place in the body for markup given later (`fill(slot:with:)`): a section worked out on
    /// another thread meanwhile keeps its place. Only this writes such a marker: text is escaped.
    func slot() -> Int {
        html("<!--slot:\(slotCount)-->")
        slotCount += 1
        return slotCount - 1
    }

    /// Puts `markup` where `slot()` returned `slot` (its pictures and tables must be none).
    func fill(slot: Int, with markup: String) {
        guard let at = body.range(of: "<!--slot:\(slot)-->") else { return }
        body.replaceSubrange(at, with: markup)
    }

    /// `body` with each `<!--picture:N-->` replaced by `picture(N)`, in one pass over its
    /// bytes (a search and copy of the whole page per picture took a third of the export of a
    /// 1M-node snapshot). Only `picture(_:)` writes such a marker: text is escaped.
    static func fill(_ body: String, count: Int, _ picture: (Int) -> String) -> String {
        guard count > 0 else { return body }
        let marker: StaticString = "<!--picture:"
        var out: [UInt8] = []
        out.reserveCapacity(body.utf8.count + count * 64)
        var body = body
        body.withUTF8 { bytes in
            var from = 0, copied = 0
            while let i = bytes.find(marker, from: from) {
                var j = i + marker.utf8CodeUnitCount, n = 0
                while j < bytes.count, ASCII.isDigit(bytes[j]) {
                    n = n * 10 + Int(bytes[j] - UInt8(ascii: "0"))
                    j += 1
                }
                guard n < count, bytes.matches("-->", at: j) else { from = i + 1; continue }
                out.append(contentsOf: bytes[copied..<i])
                out.append(contentsOf: picture(n).utf8)
                from = j + 3
                copied = from
            }
            out.append(contentsOf: bytes[copied..<bytes.count])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The whole document. `svg` holds one picture per `picture(_:)` call, or is nil when
    /// Graphviz is absent (then `missing` says how to get them).
    func document(title: String, svg: [String]?, missing: String) -> String {
        let page = Self.fill(body, count: pictures.count) { i in
            if let svg { return "<div class=\"picture\">" + svg[i] + "</div>" }
            return "<p class=\"note no-graphviz\">" + HTMLText.escape(missing) + "</p>"
        }
        let data = "{\"tables\": {" + tables.enumerated().map { "\"t\($0.offset + 1)\": " + $0.element }.joined(separator: ",\n")
            + "}" + extra.map { ",\n" + $0 }.joined() + "}"
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
        <title>\(HTMLText.escape(title))</title>
        <script>window.addEventListener('error', function (e) { document.documentElement.setAttribute('data-page-error', String(e.message)); });</script>
        <style>\(Self.style)</style>
        </head>
        <body>
        \(page)
        <script type="application/json" id="agtrace-data">\(HTMLText.scriptJSON(data))</script>
        <script>\(Self.script)</script>
        </body>
        </html>

        """
    }

    static func format(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        if abs(v) >= 100 { return String(format: "%.0f", v) }
        if abs(v) >= 0.001 { return String(format: "%.4g", v) }
        return String(format: "%.3g", v)
    }

    static let style = """
    body { font: 14px/1.4 -apple-system, "Helvetica Neue", Arial, sans-serif; margin: 0 auto; max-width: 1200px; padding: 16px 24px; color: #222; }
    h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 18px; border-bottom: 1px solid #ddd; padding-bottom: 4px; margin-top: 28px; }
    h3 { font-size: 15px; margin: 18px 0 6px; } h4 { font-size: 14px; margin: 12px 0 4px; }
    nav a { margin-right: 14px; } .note { color: #666; font-size: 13px; } .left-out { color: #8a5a00; }
    .warning { color: #6b2e00; background: #fff3e0; border-left: 4px solid #d9822b; padding: 6px 10px; margin: 8px 0; }
    table { border-collapse: collapse; font-size: 13px; margin: 4px 0 8px; } th, td { border: 1px solid #ddd; padding: 2px 8px; text-align: left; vertical-align: top; }
    th { background: #f4f4f4; cursor: pointer; user-select: none; white-space: nowrap; } th.sorted-asc::after { content: " ▲"; } th.sorted-desc::after { content: " ▼"; }
    td.num { text-align: right; font-variant-numeric: tabular-nums; } td.null { color: #aaa; } td.value { max-width: 420px; min-width: 3em; overflow-wrap: break-word; word-break: normal; white-space: pre-wrap; }
    div.table { overflow-x: auto; }
    input[type=search] { font-size: 13px; padding: 3px 6px; width: 320px; margin: 2px 0; }
    .bars svg text { font-size: 12px; fill: #333; } .bars .bar { fill: #4a7fc1; } figure { margin: 8px 0; } figcaption { font-weight: 600; font-size: 13px; }
    .picture { overflow: auto; max-height: 640px; border: 1px solid #eee; margin: 6px 0; } .picture svg { max-width: 100%; height: auto; }
    dl.facts { display: grid; grid-template-columns: max-content auto; gap: 2px 12px; margin: 6px 0; } dl.facts dt { color: #666; } dl.facts dd { margin: 0; min-width: 0; overflow-wrap: break-word; }
    .write { border-left: 3px solid #c94; padding-left: 10px; margin: 14px 0; } .chip { display: inline-block; background: #eef; border-radius: 3px; padding: 0 5px; margin: 1px 2px; font-size: 12px; }
    .chip.reran { background: #fdd; } .matches button { margin: 2px; font-size: 12px; } .hidden { display: none; }
    """

    /// Renders the tables and runs the node finder. Strings from the data only ever reach the
    /// page through `textContent` and `setAttribute`, never as markup.
    static let script = """
    (function () {
      'use strict';
      var data = JSON.parse(document.getElementById('agtrace-data').textContent);
      function el(tag, cls, text) { var e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined && text !== null) e.textContent = String(text); return e; }
      function cell(v) {
        var td = el('td');
        if (v === null) { td.className = 'null'; td.textContent = '—'; td.title = 'unknown'; }
        else if (typeof v === 'number') { td.className = 'num'; td.textContent = String(v); }
        else if (typeof v === 'object') { td.className = 'num'; td.textContent = v.s; td.title = String(v.v); }
        else { td.className = 'value'; breakable(td, String(v)); }
        return td;
      }
      // Words stay whole: a long identifier may wrap only after < . , / : ( [ or →, with 4
      // characters at least on each side, never mid-word ("hitc h"); the text is unchanged (a
      // <wbr> holds none).
      function breakable(td, s) {
        if (s.length < 24) { td.textContent = s; return; }
        var start = 0;
        for (var i = 1; i + 1 < s.length; i++) {
          if ('<.,/:([→'.indexOf(s[i]) >= 0 && i + 1 - start >= 4 && s.length - i - 1 >= 4) {
            td.appendChild(document.createTextNode(s.slice(start, i + 1))); td.appendChild(el('wbr')); start = i + 1;
          }
        }
        td.appendChild(document.createTextNode(s.slice(start)));
      }
      function exact(v) { return v !== null && typeof v === 'object' ? v.v : v; }
      function compare(a, b) {
        a = exact(a); b = exact(b);
        if (a === b) return 0; if (a === null) return 1; if (b === null) return -1;
        if (typeof a === 'number' && typeof b === 'number') return a - b;
        return String(a).localeCompare(String(b));
      }
      var SHOWN = 300;
      function renderTable(box, t) {
        var filter = el('input'); filter.type = 'search'; filter.placeholder = 'filter ' + t.rows.length + ' rows';
        var table = el('table'), head = el('tr'), tbody = el('tbody'), foot = el('p', 'note');
        var rows = t.rows.slice(), sortColumn = -1, descending = false;
        t.columns.forEach(function (c, i) {
          var th = el('th', null, c);
          th.addEventListener('click', function () {
            descending = sortColumn === i ? !descending : typeof exact((rows[0] || [])[i]) === 'number';
            sortColumn = i;
            rows.sort(function (a, b) { var r = compare(a[i], b[i]); return descending ? -r : r; });
            Array.prototype.forEach.call(head.children, function (h) { h.className = ''; });
            th.className = descending ? 'sorted-desc' : 'sorted-asc';
            draw();
          });
          head.appendChild(th);
        });
        var thead = el('thead'); thead.appendChild(head); table.appendChild(thead); table.appendChild(tbody);
        function draw() {
          var q = filter.value.toLowerCase(), shown = 0, matching = 0;
          tbody.textContent = '';
          rows.forEach(function (r) {
            if (q && !r.some(function (v) { return v !== null && String(typeof v === 'object' ? v.s : v).toLowerCase().indexOf(q) >= 0; })) return;
            matching++;
            if (shown >= SHOWN) return;
            var tr = el('tr'); r.forEach(function (v) { tr.appendChild(cell(v)); }); tbody.appendChild(tr); shown++;
          });
          foot.textContent = matching > shown ? 'showing ' + shown + ' of ' + matching + ' rows: filter to narrow' : (rows.length ? '' : 'no rows');
        }
        filter.addEventListener('input', draw);
        if (t.rows.length > 8) box.appendChild(filter);
        box.appendChild(table); box.appendChild(foot); draw();
      }
      Array.prototype.forEach.call(document.querySelectorAll('[data-table]'), function (box) {
        renderTable(box, data.tables[box.getAttribute('data-table')]);
      });

      var f = data.finder;
      if (f) {
        var byAttr = {}, inputs = [], readers = [];
        f.nodes.forEach(function (n, i) { byAttr[n[0]] = i; inputs.push([]); readers.push([]); });
        f.edges.forEach(function (e, k) { readers[e[0]].push(k); inputs[e[1]].push(k); });
        var rule = function (i) { var r = f.nodes[i][1]; return r < 0 ? null : f.rules[r]; };
        var view = function (i) { var v = f.nodes[i][2]; return v < 0 ? null : f.views[v]; };
        var dirty = function (i) { return (f.nodes[i][3] & 1) === 1 ? 1 : 0; };
        var box = document.getElementById('finder'), query = document.getElementById('finder-query');
        var matches = el('div', 'matches'), result = el('div');
        box.appendChild(matches); box.appendChild(result);
        function walk(start, up) {
          var seen = {}, out = [], frontier = [start], depth = 0; seen[start] = true;
          while (frontier.length && out.length < 500) {
            depth++; var next = [];
            frontier.forEach(function (n) {
              (up ? inputs[n] : readers[n]).forEach(function (k) {
                var e = f.edges[k], m = up ? e[0] : e[1];
                if (seen[m]) return; seen[m] = true; next.push(m);
                out.push(up ? [f.nodes[m][0], depth, rule(m), view(m), dirty(m), (e[2] & 8) === 8 ? 1 : 0, f.nodes[n][0]]
                            : [f.nodes[m][0], depth, rule(m), view(m), f.nodes[n][0], dirty(m)]);
              });
            });
            frontier = next;
          }
          return out;
        }
        function show(i) {
          result.textContent = '';
          var a = f.nodes[i][0];
          result.appendChild(el('h3', null, a + ' ' + (view(i) || rule(i) || '(no rule)') + (dirty(i) ? ' (dirty)' : '')));
          var facts = el('p', 'note', 'rule: ' + (rule(i) || '—') + (view(i) ? ' · view: ' + view(i) : ''));
          result.appendChild(facts);
          var pic = document.getElementById('picture-' + a);
          Array.prototype.forEach.call(document.querySelectorAll('.finder-picture'), function (p) { p.classList.add('hidden'); });
          if (pic) pic.classList.remove('hidden');
          else result.appendChild(el('p', 'note', f.pictureNote));
          var up = { columns: ['attribute', 'depth', 'rule', 'view', 'dirty', 'changed_edge', 'reader'], rows: walk(i, true) };
          var down = { columns: ['attribute', 'depth', 'rule', 'view', 'via', 'dirty'], rows: walk(i, false) };
          result.appendChild(el('h4', null, 'why: upstream, what it reads (' + up.rows.length + ')'));
          var b1 = el('div'); result.appendChild(b1); renderTable(b1, up);
          result.appendChild(el('h4', null, 'walk: downstream, what a write to it marks (' + down.rows.length + ')'));
          var b2 = el('div'); result.appendChild(b2); renderTable(b2, down);
        }
        function search() {
          var q = query.value.trim().toLowerCase(); matches.textContent = '';
          if (!q) return;
          var exact = /^(0x[0-9a-f]+|[0-9]+)$/.test(q) ? byAttr[parseInt(q)] : undefined;
          var found = [];
          if (exact !== undefined) found.push(exact);
          else f.nodes.forEach(function (n, i) {
            if (found.length < 40 && ((rule(i) || '').toLowerCase().indexOf(q) >= 0 || (view(i) || '').toLowerCase().indexOf(q) >= 0)) found.push(i);
          });
          if (!found.length) { matches.appendChild(el('span', 'note', 'no node matches')); return; }
          found.forEach(function (i) {
            var b = el('button', null, f.nodes[i][0] + ' ' + (view(i) || rule(i) || ''));
            b.addEventListener('click', function () { show(i); });
            matches.appendChild(b);
          });
          if (found.length === 1) show(found[0]);
        }
        query.addEventListener('input', search);
        if (f.start !== null && byAttr[f.start] !== undefined) { query.value = String(f.start); search(); }
      }
      // '#only-ID' shows one section alone (a link to share, a picture for the docs).
      if (location.hash.indexOf('#only-') === 0) {
        var keep = location.hash.slice(6);
        Array.prototype.forEach.call(document.querySelectorAll('section'), function (s) { if (s.id !== keep) s.classList.add('hidden'); });
      }
      document.documentElement.setAttribute('data-ready', '1');
    })();
    """
}
