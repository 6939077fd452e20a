/// The languages a code block is coloured in, with the names a fence may give each (the
/// names GitHub's Linguist, highlight.js and Chroma accept for them). docs/CONTENT-FORMAT.md
/// lists them.
extension CodeLanguage {
    private typealias S = StringForm

    private static let cStrings = [S("\""), S("'", short: 12)]
    private static let cComments = (line: ["//"], block: [("/*", "*/")])

    private static let c: CodeLanguage = {
        var language = CodeLanguage(lineComments: cComments.line, blockComments: cComments.block, strings: cStrings,
            keywords: "auto break case char const continue default do double else enum extern float for goto if inline int long "
                + "register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while "
                + "_Bool bool _Alignas _Alignof _Atomic _Noreturn _Static_assert _Thread_local",
            literals: "NULL true false")
        language.preprocessor = true
        return language
    }()

    private static let cpp: CodeLanguage = {
        var language = c
        language.keywords.formUnion(("alignas alignof asm catch class concept consteval constexpr constinit const_cast co_await "
            + "co_return co_yield decltype delete dynamic_cast explicit export final friend mutable namespace new noexcept "
            + "operator override private protected public reinterpret_cast requires static_assert static_cast template this "
            + "thread_local throw try typeid typename using virtual wchar_t char8_t char16_t char32_t").split(separator: " ").map(String.init))
        language.literals.insert("nullptr")
        return language
    }()

    private static let csharp = CodeLanguage(lineComments: ["//"], blockComments: [("/*", "*/")],
        strings: [S("\"\"\"", multiline: true, escapes: false), S("@\"", "\"", multiline: true, escapes: false), S("\""), S("'", short: 12)],
        keywords: "abstract as async await base bool break byte case catch char checked class const continue decimal default "
            + "delegate do double else enum event explicit extern finally fixed float for foreach get goto if implicit in init int "
            + "interface internal is lock long namespace new object operator out override params partial private protected "
            + "public readonly record ref return sbyte sealed set short sizeof stackalloc static string struct switch this throw "
            + "try typeof uint ulong unchecked unsafe ushort using var virtual void volatile when where while yield",
        literals: "true false null")

    private static let java = CodeLanguage(lineComments: ["//"], blockComments: [("/*", "*/")],
        strings: [S("\"\"\"", multiline: true), S("\""), S("'", short: 12)],
        keywords: "abstract assert boolean break byte case catch char class const continue default do double else enum extends "
            + "final finally float for goto if implements import instanceof int interface long native new package private "
            + "protected public record return sealed short static strictfp super switch synchronized this throw throws transient "
            + "try var void volatile while yield permits",
        literals: "true false null")

    private static let javascript: CodeLanguage = {
        var language = CodeLanguage(lineComments: ["//"], blockComments: [("/*", "*/")],
            strings: [S("\""), S("'"), S("`", multiline: true)],
            keywords: "async await break case catch class const continue debugger default delete do else export extends finally "
                + "for from function get if import in instanceof let new of return set static super switch this throw try typeof "
                + "var void while with yield",
            literals: "true false null undefined NaN Infinity")
        language.wordBytes = [UInt8(ascii: "$")]
        language.wordStarts = [UInt8(ascii: "$")]
        language.regexLiterals = true
        return language
    }()

    private static let typescript: CodeLanguage = {
        var language = javascript
        language.keywords.formUnion(("abstract any as asserts declare enum implements infer interface is keyof module namespace "
            + "never private protected public readonly satisfies type unique unknown boolean number string symbol bigint object")
            .split(separator: " ").map(String.init))
        return language
    }()

    private static let go = CodeLanguage(lineComments: ["//"], blockComments: [("/*", "*/")],
        strings: [S("\""), S("`", multiline: true, escapes: false), S("'", short: 12)],
        keywords: "break case chan const continue default defer else fallthrough for func go goto if import interface map "
            + "package range return select struct switch type var",
        literals: "true false nil iota")

    private static let rust: CodeLanguage = {
        // Raw strings (`r"C:\"`, `r#"say "hi""#`) first: no escapes, and quotes inside.
        let raw = [S("r##\"", "\"##", multiline: true, escapes: false), S("r#\"", "\"#", multiline: true, escapes: false),
                   S("r\"", "\"", multiline: true, escapes: false)]
        var language = CodeLanguage(lineComments: ["//"], blockComments: [("/*", "*/")],
            strings: raw + [S("\"", multiline: true), S("'", short: 12)],
            keywords: "as async await break const continue crate dyn else enum extern fn for if impl in let loop match mod move mut "
                + "pub ref return self Self static struct super trait type union unsafe use where while yield macro_rules",
            literals: "true false None Some Ok Err")
        language.rustAttributes = true
        return language
    }()

    private static let swift = CodeLanguage(lineComments: ["//"], blockComments: [("/*", "*/")],
        strings: [S("\"\"\"", multiline: true), S("\"")],
        keywords: "actor any as associatedtype async await break case catch class continue convenience default defer deinit "
            + "didSet do dynamic else enum extension fallthrough fileprivate final for func get guard if import in indirect init "
            + "inout internal is lazy let mutating nonisolated open operator optional override private protocol public repeat "
            + "required rethrows return self Self set some static struct subscript super switch throw throws try typealias "
            + "unowned var weak where while willSet",
        literals: "true false nil")

    private static let kotlin = CodeLanguage(lineComments: ["//"], blockComments: [("/*", "*/")],
        strings: [S("\"\"\"", multiline: true, escapes: false), S("\""), S("'", short: 12)],
        keywords: "abstract annotation as break by catch class companion const constructor continue crossinline data do else "
            + "enum expect external final finally for fun get if import in infix init inline inner interface internal is "
            + "lateinit noinline object open operator out override package private protected public reified return sealed set "
            + "super suspend this throw try typealias val var vararg when where while",
        literals: "true false null")

    private static let scala = CodeLanguage(lineComments: ["//"], blockComments: [("/*", "*/")],
        strings: [S("\"\"\"", multiline: true, escapes: false), S("\""), S("'", short: 12)],
        keywords: "abstract case catch class def do else enum export extends final finally for forSome given if implicit import "
            + "lazy match new object override package private protected return sealed super then this throw trait try type "
            + "using val var while with yield",
        literals: "true false null")

    private static let dart = CodeLanguage(lineComments: ["//"], blockComments: [("/*", "*/")],
        strings: [S("'''", multiline: true), S("\"\"\"", multiline: true), S("\""), S("'")],
        keywords: "abstract as assert async await base break case catch class const continue covariant default deferred do "
            + "dynamic else enum export extends extension external factory final finally for get if implements import in "
            + "interface is late library mixin new on operator part required rethrow return sealed set show static super "
            + "switch sync this throw try typedef var void when while with yield",
        literals: "true false null")

    private static let php: CodeLanguage = {
        var language = CodeLanguage(lineComments: ["//", "#"], blockComments: [("/*", "*/")], strings: [S("\""), S("'")],
            keywords: "abstract and array as break callable case catch class clone const continue declare default do echo else "
                + "elseif empty enddeclare endfor endforeach endif endswitch endwhile enum extends final finally fn for foreach "
                + "function global goto if implements include include_once instanceof insteadof interface isset list match "
                + "namespace new or print private protected public readonly require require_once return static switch throw "
                + "trait try unset use var while xor yield",
            literals: "true false null TRUE FALSE NULL")
        language.wordStarts = [UInt8(ascii: "$")]
        language.dollarVariables = true
        return language
    }()

    private static let python = CodeLanguage(lineComments: ["#"],
        strings: [S("\"\"\"", multiline: true), S("'''", multiline: true), S("\""), S("'")],
        keywords: "and as assert async await break class continue def del elif else except finally for from global if import "
            + "in is lambda match nonlocal not or pass raise return try while with yield",
        literals: "True False None")

    private static let ruby: CodeLanguage = {
        var language = CodeLanguage(lineComments: ["#"], strings: [S("\""), S("'")],
            keywords: "alias and begin break case class def defined? do else elsif end ensure for if in module next not or redo "
                + "rescue retry return self super then undef unless until when while yield require require_relative attr_accessor "
                + "attr_reader attr_writer include extend private protected public raise lambda proc puts",
            literals: "true false nil")
        language.wordBytes = [UInt8(ascii: "?"), UInt8(ascii: "!")]
        language.atNames = .variable
        return language
    }()

    private static let shell: CodeLanguage = {
        var language = CodeLanguage(lineComments: ["#"], strings: [S("\""), S("'", escapes: false)],
            keywords: "if then else elif fi case esac for select while until do done in function time return local export "
                + "declare readonly unset shift source alias set exit break continue eval exec trap",
            literals: "true false")
        language.commentAfterSpace = true
        language.dollarVariables = true
        return language
    }()

    private static let powershell: CodeLanguage = {
        var language = CodeLanguage(lineComments: ["#"], blockComments: [("<#", "#>")], strings: [S("\""), S("'", escapes: false)],
            keywords: "begin break catch class continue data do dynamicparam else elseif end enum exit filter finally for "
                + "foreach from function if in param process return switch throw trap try until using while",
            literals: "$true $false $null")
        language.wordStarts = [UInt8(ascii: "$")]
        language.wordBytes = [UInt8(ascii: "-")]
        language.anyCase = true
        return language
    }()

    private static let sql: CodeLanguage = {
        var language = CodeLanguage(lineComments: ["--"], blockComments: [("/*", "*/")],
            strings: [S("'", multiline: true, escapes: false), S("\"", escapes: false)],
            keywords: "add all alter and any as asc begin between by case check column commit constraint create cross database "
                + "default delete desc distinct drop else end exists foreign from full group having if in index inner insert "
                + "into is join key left like limit not offset on or order outer primary references returning right rollback "
                + "select set table then transaction union unique update using values view when where with int integer "
                + "varchar text char boolean date timestamp serial real numeric float count sum avg min max",
            literals: "null true false")
        language.anyCase = true
        return language
    }()

    private static let json = CodeLanguage(lineComments: ["//"], blockComments: [("/*", "*/")], strings: [S("\"")],
                                           literals: "true false null")

    private static let yaml: CodeLanguage = {
        var language = CodeLanguage(lineComments: ["#"], strings: [S("\""), S("'", escapes: false)],
                                    literals: "true false null yes no on off True False Null Yes No ~")
        language.commentAfterSpace = true
        language.keysBeforeColon = true
        language.wordBytes = [UInt8(ascii: "-"), UInt8(ascii: ".")]
        return language
    }()

    private static let toml = CodeLanguage(lineComments: ["#"],
        strings: [S("\"\"\"", multiline: true), S("'''", multiline: true, escapes: false), S("\""), S("'", escapes: false)],
        literals: "true false")

    private static let css: CodeLanguage = {
        var language = CodeLanguage(lineComments: [], blockComments: [("/*", "*/")], strings: [S("\""), S("'")],
            keywords: "@media @import @font-face @keyframes @supports @layer @container @page @charset @namespace @property "
                + "@use @forward @mixin @include @extend @if @else @each @for @function @return !important",
            literals: "inherit initial unset revert none auto")
        language.wordBytes = [UInt8(ascii: "-")]
        language.wordStarts = [UInt8(ascii: "@"), UInt8(ascii: "!")]
        return language
    }()

    private static let scss: CodeLanguage = {
        var language = css
        language.lineComments = [Array("//".utf8)]
        language.wordStarts.append(UInt8(ascii: "$"))
        return language
    }()

    private static let markup: CodeLanguage = {
        var language = CodeLanguage(blockComments: [("<!--", "-->")])
        language.markup = true
        return language
    }()

    private static let lua = CodeLanguage(lineComments: ["--"], blockComments: [("--[[", "]]")],
        strings: [S("[[", "]]", multiline: true, escapes: false), S("\""), S("'")],
        keywords: "and break do else elseif end for function goto if in local not or repeat return then until while",
        literals: "true false nil")

    private static let haskell = CodeLanguage(lineComments: ["--"], blockComments: [("{-", "-}")],
        strings: [S("\""), S("'", short: 12)],
        keywords: "case class data default deriving do else family forall foreign if import in infix infixl infixr instance "
            + "let module newtype of qualified then type where",
        literals: "True False Nothing Just")

    private static let r = CodeLanguage(lineComments: ["#"], strings: [S("\"", multiline: true), S("'", multiline: true)],
        keywords: "function if else for while repeat break next return in library require",
        literals: "TRUE FALSE NULL NA Inf NaN NA_integer_ NA_real_ NA_character_ T F")

    private static let elixir: CodeLanguage = {
        var language = CodeLanguage(lineComments: ["#"], strings: [S("\"\"\"", multiline: true), S("\"", multiline: true), S("'")],
            keywords: "after alias and case catch cond def defmacro defmodule defp defprotocol defimpl defstruct do else end fn "
                + "for if import in not or quote raise receive require rescue try unless unquote use when with",
            literals: "true false nil")
        language.wordBytes = [UInt8(ascii: "?"), UInt8(ascii: "!")]
        return language
    }()

    private static let lisp: CodeLanguage = {
        var language = CodeLanguage(lineComments: [";"], blockComments: [("#|", "|#")], strings: [S("\"", multiline: true)],
            keywords: "def defn defn- defmacro defun defvar defparameter defonce define define-syntax fn lambda let let* letrec "
                + "loop recur if when unless cond case do begin quote ns require import set! setq progn and or not",
            literals: "nil true false t #t #f")
        language.wordBytes = Array("-?!*<>=+/.:#'".utf8)
        language.wordStarts = [UInt8(ascii: "#")]
        return language
    }()

    private static let julia = CodeLanguage(lineComments: ["#"], blockComments: [("#=", "=#")],
        strings: [S("\"\"\"", multiline: true), S("\""), S("'", short: 12)],
        keywords: "abstract baremodule begin break catch const continue do else elseif end export finally for function global "
            + "if import in isa let local macro module mutable primitive quote return struct try type using where while",
        literals: "true false nothing missing")

    private static let dockerfile: CodeLanguage = {
        var language = CodeLanguage(lineComments: ["#"], strings: [S("\""), S("'", escapes: false)],
            keywords: "from run cmd label maintainer expose env add copy entrypoint volume user workdir arg onbuild stopsignal "
                + "healthcheck shell as")
        language.anyCase = true
        language.commentAfterSpace = true
        return language
    }()

    private static let console: CodeLanguage = {
        var language = CodeLanguage()
        language.lines = .console
        return language
    }()

    private static let diff: CodeLanguage = {
        var language = CodeLanguage()
        language.lines = .diff
        return language
    }()

    /// The language with `@name` read as an attribute, decorator, annotation or macro
    /// (`@dataclass`, `@Override`, `@MainActor`, Elixir's `@doc`, Julia's `@time`).
    private var decorated: CodeLanguage {
        var language = self
        language.atNames = .attribute
        return language
    }

    /// Each language with the fence names that choose it, lower case.
    static let definitions: [(names: String, language: CodeLanguage)] = languages.map { ($0.names, $0.language.finished()) }

    private static let languages: [(names: String, language: CodeLanguage)] = [
        ("c h", c), ("cpp c++ cc cxx hpp hh hxx cuda arduino ino", cpp), ("csharp c# cs", csharp), ("java", java.decorated),
        ("javascript js jsx mjs cjs node", javascript.decorated), ("typescript ts tsx mts cts", typescript.decorated),
        ("go golang", go), ("rust rs", rust), ("swift", swift.decorated), ("kotlin kt kts", kotlin.decorated),
        ("scala sc", scala.decorated), ("dart", dart.decorated), ("php", php),
        ("python py python3 py3 gyp pyi", python.decorated), ("ruby rb erb-ruby", ruby),
        ("bash sh shell zsh ksh shellscript", shell), ("powershell ps1 pwsh ps", powershell),
        ("sql mysql postgresql postgres psql sqlite plsql tsql", sql), ("json jsonc json5 geojson", json),
        ("yaml yml", yaml), ("toml", toml), ("css", css), ("scss less sass", scss),
        ("html htm xhtml xml svg xsl xslt rss atom plist vue svelte erb ejs handlebars hbs", markup), ("lua", lua), ("haskell hs", haskell),
        ("r", r), ("elixir ex exs", elixir.decorated),
        ("clojure clj cljs cljc edn lisp common-lisp elisp emacs-lisp scheme scm racket rkt", lisp),
        ("julia jl", julia.decorated), ("dockerfile docker containerfile", dockerfile),
        ("console shell-session shellsession terminal", console), ("diff patch udiff", diff),
    ]
}
