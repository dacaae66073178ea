// Stands in for Node's built-ins in the editor's browser script (admin.ts): modules the page
// template shares with the build import them for what only the build does (content dates from
// git), and the preview never calls that.
module.exports = {};
