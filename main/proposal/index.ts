// The client-facing proposal PDF of a quote, generated locally (docs/architecture.md#proposal-pdf).
export { proposalModel, type ProposalModel, type ProposalSources } from './model';
export { renderProposal, type RenderOptions, type RenderedProposal } from './render';
export { proposalFileName } from './name';
