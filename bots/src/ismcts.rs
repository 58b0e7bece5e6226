//! Single-observer information-set Monte Carlo tree search (SO-ISMCTS; Cowling, Powley &
//! Whitehouse, "Information Set Monte Carlo Tree Search", 2012), for any number of players.
//!
//! Every iteration samples a world consistent with the deciding seat's observation
//! ([`Game::determinize`]) and walks one tree whose edges are actions (keyed by who chose them),
//! so the statistics of an action gather over every world in which it was possible. Chance is
//! sampled inside the iteration and is not part of the tree. At each decision the seat to move
//! (the searcher, an opponent, or a seat answering out of turn) picks by UCB over its *own*
//! mean return (max^n), with *availability* counts: an action's exploration term counts only the
//! iterations in which it was legal. New leaves are played out by a rollout policy; the move
//! played is the root's most visited action.
//!
//! With `rivals=policy` the other seats play the rollout policy inside the tree too, so the tree
//! holds only the searcher's own decisions and rivals are modelled as what they likely are
//! rather than as best responders; `bias` adds progressive bias (Chaslot et al. 2008) towards
//! the policy's own move at the searcher's nodes, fading as the edge's visits grow.
//!
//! Nodes live in one flat arena and are found through one hash map from (node, seat, action),
//! both kept between decisions, so once warm an iteration allocates nothing.

use std::sync::OnceLock;
use std::time::Instant;

use mousehole_engine::rng::{GameRng, below};
use mousehole_engine::{Decision, DecisionView, Game, ToMove};
use rand::RngExt;
use rustc_hash::FxHashMap;

use crate::agent::Agent;
use crate::inference::Inference;
use crate::search::{
    Effort, Estimate, Limits, Mean, RolloutPolicy, Scratch, decision_info, rollout,
};

/// ISMCTS settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsmctsSettings {
    /// How long each decision's search runs.
    pub effort: Effort,
    /// The UCB exploration constant (returns lie in 0…1).
    pub exploration: f64,
    /// Independent trees searched in parallel, their root statistics summed (root
    /// parallelism). The iterations are split between them.
    pub threads: usize,
    /// Who chooses for the other seats inside the search.
    pub rivals: Rivals,
    /// Progressive bias towards the rollout policy's own choice at the searcher's nodes: this
    /// weight over the edge's visits plus one is added to its UCB value (0: none).
    pub bias: f64,
}

/// How a search models the seats other than the searcher's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rivals {
    /// Every seat chooses by UCB over its own return in the tree (max^n): rivals as best
    /// responders to the searcher.
    Search,
    /// Rivals play the rollout policy everywhere, inside the tree too: the tree holds only the
    /// searcher's own decisions, and rivals are what they are likely to be.
    Policy,
}

impl Default for IsmctsSettings {
    fn default() -> Self {
        Self {
            effort: Effort::iterations(crate::search::DEFAULT_ITERATIONS),
            exploration: 0.7,
            threads: 1,
            rivals: Rivals::Search,
            bias: 0.0,
        }
    }
}

/// What one tree search needs besides its beliefs, limits and policy.
#[derive(Clone, Copy, Debug)]
struct TreeParams {
    exploration: f64,
    searcher: u8,
    rivals: Rivals,
    bias: f64,
}

/// The ISMCTS agent, with rollout policy `P`.
#[derive(Debug)]
pub struct Ismcts<G: Game, P> {
    settings: IsmctsSettings,
    policy: P,
    tree: Tree<G>,
}

impl<G: Inference, P: RolloutPolicy<G>> Ismcts<G, P> {
    pub fn new(settings: IsmctsSettings, policy: P) -> Self {
        Self {
            settings,
            policy,
            tree: Tree::default(),
        }
    }

    /// Searches the decision in `view` and returns the per-action root statistics (in the
    /// order of `view.legal()`) and the number of iterations run.
    pub fn search(
        &mut self,
        view: &DecisionView<'_, G>,
        rng: &mut GameRng,
    ) -> (Vec<(u64, Mean)>, u64) {
        let beliefs = G::beliefs(&view.observation(), view.history());
        let limits = self.settings.effort.limits(view.budget(), Instant::now());
        let threads = self.settings.threads.max(1);
        let legal = view.legal();
        let params = TreeParams {
            exploration: self.settings.exploration,
            searcher: view.seat() as u8,
            rivals: self.settings.rivals,
            bias: self.settings.bias,
        };
        if threads == 1 {
            let iterations = self
                .tree
                .search(&beliefs, limits, params, &self.policy, rng);
            return (self.tree.root_stats(view.seat(), legal), iterations);
        }
        // Seeds for the workers, drawn in order from the agent's stream: the result does not
        // depend on how the threads are scheduled.
        let seeds: Vec<u64> = (0..threads).map(|_| rng.random()).collect();
        let policy = &self.policy;
        let seat = view.seat();
        let beliefs = &beliefs;
        let mut totals: Vec<(u64, Mean)> = vec![(0, Mean::default()); legal.len()];
        let mut iterations = 0;
        std::thread::scope(|scope| {
            let workers: Vec<_> = seeds
                .iter()
                .enumerate()
                .skip(1)
                .map(|(part, &seed)| {
                    scope.spawn(move || {
                        let mut tree = Tree::<G>::default();
                        let mut rng = mousehole_engine::rng::stream(seed, 0);
                        let n = tree.search(
                            beliefs,
                            limits.share(part, threads),
                            params,
                            policy,
                            &mut rng,
                        );
                        (tree.root_stats(seat, legal), n)
                    })
                })
                .collect();
            let mut own_rng = mousehole_engine::rng::stream(seeds[0], 0);
            let n = self.tree.search(
                beliefs,
                limits.share(0, threads),
                params,
                policy,
                &mut own_rng,
            );
            let mut parts = vec![(self.tree.root_stats(seat, legal), n)];
            parts.extend(
                workers
                    .into_iter()
                    .map(|w| w.join().expect("a search thread panicked")),
            );
            for (stats, n) in parts {
                iterations += n;
                for (total, (visits, mean)) in totals.iter_mut().zip(stats) {
                    total.0 += visits;
                    total.1.merge(&mean);
                }
            }
        });
        (totals, iterations)
    }
}

impl<G: Inference, P: RolloutPolicy<G>> Agent<G> for Ismcts<G, P> {
    fn wants_views(&self) -> bool {
        G::READS_HISTORY
    }

    fn act(&mut self, view: &DecisionView<'_, G>, rng: &mut GameRng) -> Decision<G::Action> {
        let legal = view.legal();
        if legal.len() == 1 {
            return Decision::new(legal[0]);
        }
        let (stats, iterations) = self.search(view, rng);
        // The most visited action; ties go to the better mean, then to the first listed.
        let best = (0..legal.len())
            .max_by(|&a, &b| {
                stats[a]
                    .0
                    .cmp(&stats[b].0)
                    .then(stats[a].1.mean().total_cmp(&stats[b].1.mean()))
                    .then(b.cmp(&a))
            })
            .expect("at least one legal action");
        let estimates = legal
            .iter()
            .zip(&stats)
            .map(|(&action, &(visits, mean))| Estimate::of_wins(action, visits, mean))
            .collect();
        let info = decision_info(
            estimates,
            best,
            Some(format!("ismcts, {iterations} iterations")),
        );
        Decision::with_info(legal[best], info)
    }
}

/// No node.
const NONE: u32 = u32::MAX;

/// Counts below this have their logarithm looked up (16 KiB of table).
const LN_TABLE: u32 = 2048;

/// `ln(n)`, looked up for the small counts UCB takes it of (an edge's availability) rather
/// than computed for every child at every selection: the table holds `f64::ln`'s own values,
/// so a search is the same either way.
#[inline]
fn ln_count(n: u32) -> f64 {
    static TABLE: OnceLock<Box<[f64]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| (0..LN_TABLE).map(|n| f64::from(n).ln()).collect());
    table
        .get(n as usize)
        .copied()
        .unwrap_or_else(|| f64::from(n).ln())
}

/// One node of the tree: the statistics of the edge that leads to it.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    /// Iterations that went through this edge.
    visits: u32,
    /// Iterations in which this edge's action was legal at its parent.
    available: u32,
    /// The mover's returns over those visits.
    reward: Mean,
}

/// The search tree of one decision, and the buffers an iteration uses.
#[derive(Debug)]
struct Tree<G: Game> {
    nodes: Vec<Node>,
    /// (parent node, seat who chose, action) → child node.
    children: FxHashMap<(u32, u8, G::Action), u32>,
    path: Vec<(u32, u8)>,
    scratch: Scratch<G>,
    untried: Vec<G::Action>,
}

impl<G: Game> Default for Tree<G> {
    fn default() -> Self {
        Self {
            nodes: Vec::new(),
            children: FxHashMap::default(),
            path: Vec::with_capacity(256),
            scratch: Scratch::default(),
            untried: Vec::with_capacity(64),
        }
    }
}

impl<G: Inference> Tree<G> {
    /// Runs iterations from the root until `limits` say stop; returns how many ran.
    fn search<P: RolloutPolicy<G> + ?Sized>(
        &mut self,
        beliefs: &G::Beliefs,
        limits: Limits,
        params: TreeParams,
        policy: &P,
        rng: &mut GameRng,
    ) -> u64 {
        self.nodes.clear();
        self.children.clear();
        self.nodes.push(Node::default());
        let mut done = 0;
        while limits.go_on(done) {
            let world = G::sample(beliefs, rng);
            self.iterate(world, params, policy, rng);
            done += 1;
        }
        debug_assert_eq!(u64::from(self.nodes[0].visits), done);
        done
    }

    /// One iteration in the sampled `world`: select and expand down the tree, play out, back up.
    fn iterate<P: RolloutPolicy<G> + ?Sized>(
        &mut self,
        mut world: G,
        params: TreeParams,
        policy: &P,
        rng: &mut GameRng,
    ) {
        self.path.clear();
        let mut node = 0u32;
        loop {
            match world.to_move() {
                ToMove::Terminal => break,
                ToMove::Chance => {
                    let outcome = world.sample_chance(rng, &mut self.scratch.outcomes);
                    world.apply_unchecked(outcome.expect("a chance node has outcomes"));
                }
                ToMove::Player(mover)
                    if params.rivals == Rivals::Policy && mover != usize::from(params.searcher) =>
                {
                    policy.play(&mut world, &mut self.scratch.legal, rng);
                }
                ToMove::Player(mover) => {
                    let mover = mover as u8;
                    world.legal_actions(&mut self.scratch.legal);
                    let favoured = (params.bias > 0.0 && mover == params.searcher)
                        .then(|| policy.choose(&world, &self.scratch.legal, rng));
                    let chosen = self.select(node, mover, params, favoured, rng);
                    match chosen {
                        Selected::Existing(child, action) => {
                            self.path.push((child, mover));
                            world.apply_unchecked(action);
                            node = child;
                        }
                        Selected::New(action) => {
                            let child = self.nodes.len() as u32;
                            self.nodes.push(Node {
                                available: 1,
                                ..Node::default()
                            });
                            self.children.insert((node, mover, action), child);
                            self.path.push((child, mover));
                            world.apply_unchecked(action);
                            rollout(&mut world, policy, rng, &mut self.scratch);
                            self.back_up();
                            return;
                        }
                    }
                }
            }
        }
        world.returns_into(&mut self.scratch.returns);
        self.back_up();
    }

    /// At `node`, with `mover` to choose among `scratch.legal`: counts every existing child
    /// as available, then expands an untried action at random if there is one, else picks
    /// the child with the best UCB value for the mover.
    fn select(
        &mut self,
        node: u32,
        mover: u8,
        params: TreeParams,
        favoured: Option<G::Action>,
        rng: &mut GameRng,
    ) -> Selected<G::Action> {
        self.untried.clear();
        let mut best = (f64::NEG_INFINITY, NONE);
        let mut best_action = None;
        for &action in &self.scratch.legal {
            match self.children.get(&(node, mover, action)) {
                None => self.untried.push(action),
                Some(&child) => {
                    let stats = &mut self.nodes[child as usize];
                    stats.available += 1;
                    if stats.visits == 0 {
                        continue;
                    }
                    let mut value = stats.reward.mean()
                        + params.exploration
                            * (ln_count(stats.available) / f64::from(stats.visits)).sqrt();
                    if favoured == Some(action) {
                        value += params.bias / f64::from(stats.visits + 1);
                    }
                    if value > best.0 {
                        best = (value, child);
                        best_action = Some(action);
                    }
                }
            }
        }
        if let Some(action) = favoured
            && self.untried.contains(&action)
        {
            return Selected::New(action);
        }
        if !self.untried.is_empty() {
            let pick = self.untried[below(rng, self.untried.len() as u32) as usize];
            return Selected::New(pick);
        }
        Selected::Existing(best.1, best_action.expect("a legal action has a child"))
    }

    /// Adds the returns in `scratch.returns` to every edge on the path, each for its mover.
    fn back_up(&mut self) {
        let returns = &self.scratch.returns;
        self.nodes[0].visits += 1;
        for &(node, mover) in &self.path {
            let stats = &mut self.nodes[node as usize];
            stats.visits += 1;
            stats
                .reward
                .add(returns.get(usize::from(mover)).copied().unwrap_or(0.0));
        }
    }

    /// The root's statistics for `seat`'s legal actions, in their order.
    fn root_stats(&self, seat: usize, legal: &[G::Action]) -> Vec<(u64, Mean)> {
        legal
            .iter()
            .map(|&action| {
                self.children
                    .get(&(0, seat as u8, action))
                    .map_or((0, Mean::default()), |&child| {
                        let node = &self.nodes[child as usize];
                        (u64::from(node.visits), node.reward)
                    })
            })
            .collect()
    }
}

/// What selection chose at a node.
enum Selected<A> {
    /// An existing child (its node) and its action.
    Existing(u32, A),
    /// A new child to expand.
    New(A),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::mid_game_decision;
    use crate::heuristic::HeuristicRollout;
    use mousehole_engine::games::moose_house::{MooseHouse, MooseHouseAction};
    use mousehole_engine::rng::seat_rng;
    use mousehole_engine::testing::config;

    /// A search of a mid-game Moose in the House decision with these settings: the tree, the
    /// state searched, the searcher's seat and the legal actions.
    fn searched(
        settings: IsmctsSettings,
    ) -> (Tree<MooseHouse>, MooseHouse, usize, Vec<MooseHouseAction>) {
        let config = config::<MooseHouse>("players=3");
        let state = (0..1000)
            .filter_map(|seed| mid_game_decision::<MooseHouse>(&config, seed))
            .find(|state| {
                let mut legal = Vec::new();
                state.legal_actions(&mut legal);
                legal.len() > 2
            })
            .expect("some game has a decision with a choice");
        let ToMove::Player(seat) = state.to_move() else {
            unreachable!("a decision");
        };
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let mut search = Ismcts::new(settings, HeuristicRollout::TO_THE_END);
        let view = DecisionView::new(&state, seat, &legal);
        search.search(&view, &mut seat_rng(3, seat));
        (search.tree, state, seat, legal)
    }

    #[test]
    fn with_rivals_by_policy_the_tree_holds_only_the_searchers_decisions() {
        let settings = |rivals| IsmctsSettings {
            effort: Effort::iterations(400),
            rivals,
            ..IsmctsSettings::default()
        };
        let (tree, _, seat, _) = searched(settings(Rivals::Policy));
        assert!(tree.children.len() > 1);
        assert!(
            tree.children
                .keys()
                .all(|&(_, mover, _)| usize::from(mover) == seat),
            "only seat {seat} chooses in the tree"
        );
        let (tree, _, seat, _) = searched(settings(Rivals::Search));
        assert!(
            tree.children
                .keys()
                .any(|&(_, mover, _)| usize::from(mover) != seat),
            "rivals search too by default"
        );
    }

    #[test]
    fn progressive_bias_expands_the_policys_move_first_and_visits_it_more() {
        let settings = |iterations, bias| IsmctsSettings {
            effort: Effort::iterations(iterations),
            rivals: Rivals::Policy,
            bias,
            ..IsmctsSettings::default()
        };
        let (tree, state, seat, legal) = searched(settings(1, 5.0));
        // The heuristic decides from what the seat knows: the same move in every world.
        let policy_move = HeuristicRollout::TO_THE_END.choose(&state, &legal, &mut seat_rng(9, 0));
        let root: Vec<_> = tree
            .children
            .keys()
            .filter(|&&(node, _, _)| node == 0)
            .map(|&(_, _, action)| action)
            .collect();
        assert_eq!(
            root,
            [policy_move],
            "the first iteration expands the policy's move"
        );
        let visits_of = |tree: &Tree<MooseHouse>| {
            let favoured = legal.iter().position(|&a| a == policy_move).unwrap();
            tree.root_stats(seat, &legal)[favoured].0
        };
        let biased = visits_of(&searched(settings(300, 10.0)).0);
        let unbiased = visits_of(&searched(settings(300, 0.0)).0);
        assert!(
            biased > unbiased,
            "the bias adds visits: {biased} against {unbiased}"
        );
    }

    #[test]
    fn looked_up_logarithms_are_the_computed_ones() {
        for n in (0..LN_TABLE + 10).chain([u32::MAX]) {
            assert_eq!(ln_count(n).to_bits(), f64::from(n).ln().to_bits(), "ln {n}");
        }
    }
}
