//! The bench figures drawn: a bar per condition for its cost (time per perft node against
//! orthodox play), as an SVG chart, and an HTML page with the table beside the chart.

use super::ConditionBench;
use crate::diagram::svg::escape;
use std::fmt::Write;

const ROW: i32 = 24;
const LABELS: i32 = 180;
const BARS: i32 = 320;
const TOP: i32 = 44;
const RIGHT: i32 = 56;

/// A round step for the axis: 1, 2 or 5 times a power of ten, about a fifth of `max`.
fn step(max: f64) -> f64 {
    let rough = max / 5.0;
    let power = 10f64.powf(rough.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * power)
        .find(|s| *s >= rough)
        .unwrap_or(10.0 * power)
}

/// The chart of the rows' costs; orthodox play (1.0) is the dashed line.
pub fn svg(rows: &[ConditionBench], depth: u32) -> String {
    let max = rows
        .iter()
        .filter_map(|r| r.cost)
        .fold(1.0f64, f64::max)
        .max(1.0);
    let step = step(max);
    let top_tick = (max / step).ceil() * step;
    let x_of = |cost: f64| LABELS + (cost / top_tick * f64::from(BARS)).round() as i32;
    let height = TOP + rows.len() as i32 * ROW + 36;
    let width = LABELS + BARS + RIGHT;
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"bench-chart\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"13\">\
         <title>Cost of each condition: time per perft node against orthodox play</title>\
         <rect width=\"{width}\" height=\"{height}\" fill=\"#fff\"/>\
         <text x=\"8\" y=\"18\" font-size=\"14\" font-weight=\"bold\">Cost: time per perft node against orthodox play (depth {depth})</text>"
    );
    let bottom = TOP + rows.len() as i32 * ROW;
    let mut tick = 0.0;
    while tick <= top_tick + 1e-9 {
        let x = x_of(tick);
        let _ = write!(
            out,
            "<line x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{bottom}\" stroke=\"#ddd\"/>\
             <text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" fill=\"#555\" font-size=\"11\">{}</text>",
            TOP - 6,
            bottom + 14,
            format_tick(tick)
        );
        tick += step;
    }
    for (i, r) in rows.iter().enumerate() {
        let y = TOP + i as i32 * ROW;
        let _ = write!(
            out,
            "<text class=\"label\" x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
            LABELS - 8,
            y + 16,
            escape(&r.condition)
        );
        match r.cost {
            Some(cost) => {
                let fill = if cost <= 1.0 { "#4f8f5a" } else { "#c0703a" };
                let _ = write!(
                    out,
                    "<rect class=\"bar\" data-condition=\"{}\" data-cost=\"{cost:.3}\" x=\"{LABELS}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"/>\
                     <text x=\"{}\" y=\"{}\" fill=\"#333\" font-size=\"12\">{cost:.2}</text>",
                    escape(&r.condition),
                    y + 4,
                    (x_of(cost) - LABELS).max(1),
                    ROW - 8,
                    x_of(cost) + 5,
                    y + 16
                );
            }
            None => {
                let _ = write!(
                    out,
                    "<text x=\"{}\" y=\"{}\" fill=\"#777\" font-size=\"12\">no moves</text>",
                    LABELS + 5,
                    y + 16
                );
            }
        }
    }
    let x = x_of(1.0);
    let _ = write!(
        out,
        "<line x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\" stroke=\"#000\" stroke-dasharray=\"4 3\"/>\
         <text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" font-size=\"11\">orthodox</text></svg>",
        TOP - 2,
        bottom + 2,
        bottom + 28
    );
    out
}

fn format_tick(t: f64) -> String {
    if (t - t.round()).abs() < 1e-9 {
        format!("{t:.0}")
    } else {
        format!("{t}")
    }
}

/// A page with the table of figures beside the chart (inline, nothing fetched).
pub fn html(rows: &[ConditionBench], depth: u32) -> String {
    let mut table = String::from(
        "<table><thead><tr><th>condition</th><th>perft nodes</th><th>M nodes/s</th><th>cost</th><th>problems</th><th>solve (s)</th></tr></thead><tbody>",
    );
    for r in rows {
        let (cost, solve) = (r.cost_text(), r.solve_text());
        let _ = write!(
            table,
            "<tr><td>{}</td><td>{}</td><td>{:.1}</td><td>{cost}</td><td>{}</td><td>{solve}</td></tr>",
            escape(&r.condition),
            r.perft_nodes,
            r.nodes_per_second / 1e6,
            r.problems.len()
        );
    }
    table.push_str("</tbody></table>");
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n\
         <title>fairy bench</title>\n<style>\
         body{{font-family:'DejaVu Sans',Helvetica,Arial,sans-serif;margin:1em 1.5em;color:#222}}\
         .figures{{display:flex;flex-wrap:wrap;gap:2em;align-items:flex-start}}\
         table{{border-collapse:collapse;font-size:.9em}}th,td{{padding:.2em .6em;border-bottom:1px solid #ddd;text-align:right}}\
         th:first-child,td:first-child{{text-align:left}}\
         </style>\n</head>\n<body>\n<h1>fairy bench</h1>\n\
         <p>Perft to depth {depth} on the bench positions; cost = time per node against orthodox play; \
         solve = the time to solve the bench problems of the condition.</p>\n\
         <div class=\"figures\">{table}{}</div>\n</body>\n</html>\n",
        svg(rows, depth)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(condition: &str, nps: f64, cost: Option<f64>) -> ConditionBench {
        ConditionBench {
            condition: condition.to_string(),
            perft_nodes: 1000,
            nodes_per_second: nps,
            cost,
            problems: Vec::new(),
            solve_seconds: 0.0,
        }
    }

    #[test]
    fn bars_are_proportional_to_the_cost() {
        let rows = [
            row("orthodox", 4e6, Some(1.0)),
            row("Circe & <Mirror>", 2e6, Some(2.0)),
            row("Madrasi", 1e6, Some(4.0)),
            row("nothing", 0.0, None),
        ];
        let svg = svg(&rows, 3);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let bars: Vec<(String, f64)> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("bar"))
            .map(|n| {
                (
                    n.attribute("data-condition").unwrap().to_string(),
                    n.attribute("width").unwrap().parse().unwrap(),
                )
            })
            .collect();
        assert_eq!(bars.len(), 3);
        assert_eq!(bars[1].0, "Circe & <Mirror>");
        assert!((bars[1].1 / bars[0].1 - 2.0).abs() < 0.02, "{bars:?}");
        assert!((bars[2].1 / bars[0].1 - 4.0).abs() < 0.02, "{bars:?}");
        assert!(svg.contains("no moves"));
        let page = html(&rows, 3);
        assert!(page.contains("<td>Circe &amp; &lt;Mirror&gt;</td>"));
        assert!(page.contains("<svg"));
    }

    #[test]
    fn axis_steps_are_round() {
        assert_eq!(step(1.0), 0.2);
        assert_eq!(step(4.0), 1.0);
        assert_eq!(step(12.0), 5.0);
        assert_eq!(step(30.0), 10.0);
    }
}
