extension Rules {
    /// Why a command cannot start (exit status 2). Text output prints them as `error: …`;
    /// `--format json` prints them as the document's one diagnostic, so that a pipeline
    /// that parses standard output always gets a document.
    static let invocationRules: [Rule] = [
        Rule("command-line", .error, "The command line names a known command, known options and valid values.",
             why: "A mistyped option would otherwise be ignored or guessed at, and the command would do something other than what was asked.",
             example: "catalog-build validate --format json --contnet content",
             fix: "Correct the option the message names (it suggests the closest one); `catalog-build help COMMAND` lists them."),
        Rule("content-not-found", .error, "The content folder the command names, or finds above the current folder, exists.",
             why: "Without the content there is nothing to validate or build; guessing another folder could publish the wrong catalog.",
             example: "catalog-build build --format json --content contnet (a folder that does not exist)",
             fix: "Name the folder that holds catalog.yml (or catalog.yml itself), run inside the catalog, or create one with catalog-build init."),
        Rule("output-unusable", .error, "The output folder can be written and replaced, and lies outside the content.",
             why: "A build replaces the output folder whole: a file, the content itself or someone else's folder there would be lost.",
             example: "catalog-build build --format json --output content (the content folder as the output)",
             fix: "Name another output folder, make its parent writable, or pass --force for a folder of files you no longer need."),
    ]
}
