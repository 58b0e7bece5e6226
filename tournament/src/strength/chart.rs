//! The strength report's chart: win rate of the search bots against the heuristic by budget per
//! decision (log scale), one line per player count with its 95% intervals as bars and its
//! fair share as a flat line, drawn as SVG by plotters (no fonts needed: the SVG names them).

use plotters::prelude::*;

use super::SectionResult;
use crate::error::TournamentError;

/// One colour per player count, in section order.
const COLOURS: [RGBColor; 4] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
];

/// The chart of one game's sections as an SVG document.
///
/// # Errors
/// A chart plotters cannot draw (no budget points).
pub fn budget_chart(title: &str, sections: &[&SectionResult]) -> Result<String, TournamentError> {
    let failed = |error: String| TournamentError::Chart {
        chart: title.to_owned(),
        problem: error,
    };
    let iterations = sections
        .iter()
        .flat_map(|s| s.budgets.iter().map(|(n, _)| *n))
        .collect::<Vec<_>>();
    let (Some(&least), Some(&most)) = (iterations.iter().min(), iterations.iter().max()) else {
        return Err(failed("no budget points to draw".to_owned()));
    };
    // A little room either side of the extreme points, on the log scale.
    let left = (least as f64 / 1.5).max(0.5);
    let right = most as f64 * 1.5;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (760, 440)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| failed(e.to_string()))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("{title}: the search against the heuristic"),
                ("sans-serif", 20),
            )
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(56)
            .build_cartesian_2d((left..right).log_scale(), 0.0..1.0)
            .map_err(|e| failed(e.to_string()))?;
        chart
            .configure_mesh()
            .x_desc("playouts per decision (flat Monte Carlo over the heuristic), log scale")
            .y_desc("win rate")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
            .draw()
            .map_err(|e| failed(e.to_string()))?;
        for (index, section) in sections.iter().enumerate() {
            let colour = COLOURS[index % COLOURS.len()];
            let fair = 1.0 / section.players as f64;
            let points: Vec<(f64, f64, [f64; 2])> = section
                .budgets
                .iter()
                .filter_map(|(n, played)| {
                    let agent = &played.report.agents[0];
                    Some((*n as f64, agent.win_rate?, agent.win_rate_ci95?))
                })
                .collect();
            chart
                .draw_series(LineSeries::new(
                    [(left, fair), (right, fair)],
                    colour.mix(0.4).stroke_width(1),
                ))
                .map_err(|e| failed(e.to_string()))?;
            chart
                .draw_series(LineSeries::new(
                    points.iter().map(|&(x, y, _)| (x, y)),
                    colour.stroke_width(2),
                ))
                .map_err(|e| failed(e.to_string()))?
                .label(format!(
                    "{} players (fair share {:.0}%)",
                    section.players,
                    fair * 100.0
                ))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
                });
            chart
                .draw_series(points.iter().map(|&(x, _, [lo, hi])| {
                    PathElement::new(vec![(x, lo), (x, hi)], colour.stroke_width(1))
                }))
                .map_err(|e| failed(e.to_string()))?;
            chart
                .draw_series(
                    points
                        .iter()
                        .map(|&(x, y, _)| Circle::new((x, y), 3, colour.filled())),
                )
                .map_err(|e| failed(e.to_string()))?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::LowerRight)
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .draw()
            .map_err(|e| failed(e.to_string()))?;
        root.present().map_err(|e| failed(e.to_string()))?;
    }
    Ok(svg)
}
