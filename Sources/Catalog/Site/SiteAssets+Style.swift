extension SiteAssets {
    /// Colours are chosen for at least 4.5:1 contrast on `--surface` and white; layout
    /// uses logical properties so that right-to-left pages mirror without extra rules.
    static let style = #"""
:root{--text:#1d1d1f;--muted:#55555b;--surface:#f5f5f7;--card:#fff;--line:#d2d2d7;--radius:14px;
font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Noto Sans","Helvetica Neue",Arial,sans-serif;
line-height:1.5;color:var(--text);background:var(--surface)}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column}
img{max-width:100%;height:auto}
a{color:var(--accent);text-underline-offset:.15em}
a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px;border-radius:4px}
.skip-link{position:absolute;inset-inline-start:1rem;top:-4rem;background:var(--card);padding:.5rem 1rem;border-radius:8px;z-index:10}
.skip-link:focus{top:.5rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}
.site-header{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem 1.5rem;
padding:.75rem max(1rem,calc((100% - 64rem)/2));background:var(--card);border-bottom:1px solid var(--line)}
.brand{display:flex;align-items:center;gap:.6rem;font-weight:700;font-size:1.1rem;color:var(--text);text-decoration:none}
.brand img{width:40px;height:40px;border-radius:10px;object-fit:contain}
.languages ul{display:flex;flex-wrap:wrap;gap:.25rem;list-style:none;margin:0;padding:0}
.languages a{display:inline-block;padding:.25rem .6rem;border-radius:999px;font-size:.9rem;text-decoration:none}
.languages a:hover{background:var(--surface)}
.languages a[aria-current]{background:var(--accent);color:#fff}
.languages summary{display:inline-flex;align-items:center;gap:.4rem;padding:.25rem .7rem;border:1px solid var(--line);
border-radius:999px;font-size:.9rem;color:var(--accent);cursor:pointer;list-style:none}
.languages summary::-webkit-details-marker{display:none}
.languages summary::after{content:"";width:.45em;height:.45em;border:solid currentColor;border-width:0 2px 2px 0;
transform:translateY(-.15em) rotate(45deg)}
.languages details[open] summary::after{transform:translateY(.1em) rotate(-135deg)}
.site-header{position:relative}
.languages details[open] ul{position:absolute;z-index:5;top:100%;inset-inline:max(1rem,calc((100% - 64rem)/2));
margin-top:.25rem;padding:.5rem;background:var(--card);border:1px solid var(--line);border-radius:12px;
box-shadow:0 8px 24px rgb(0 0 0/.12)}
.breadcrumbs,main,.site-footer{width:100%;max-width:64rem;margin-inline:auto;padding-inline:1rem}
.breadcrumbs ol{display:flex;flex-wrap:wrap;list-style:none;margin:1rem 0 0;padding:0;font-size:.9rem;color:var(--muted)}
.breadcrumbs li:not(:last-child)::after{content:"›";margin-inline:.5rem}
[dir=rtl] .breadcrumbs li:not(:last-child)::after{content:"‹"}
main{flex:1;padding-block:1rem 2rem;overflow-wrap:anywhere}
h1{font-size:clamp(1.6rem,4vw,2.3rem);line-height:1.2;margin:.2rem 0 .5rem}
h2{font-size:1.35rem;margin:2rem 0 .75rem}
.hero{display:flex;gap:1.5rem;align-items:flex-start;flex-wrap:wrap}
.hero-text{flex:1 1 18rem;min-width:0}
.hero .thumb{width:160px;height:160px;flex:none}
.thumb{border-radius:22%;object-fit:cover;background:var(--card);box-shadow:0 1px 4px rgba(0,0,0,.15)}
.thumb-placeholder{display:flex;align-items:center;justify-content:center;color:#fff;font-weight:700;font-size:2rem;
background:linear-gradient(135deg,var(--accent),#1d1d1f)}
.eyebrow{margin:0;color:var(--muted);font-weight:600;font-size:.95rem}
.summary{font-size:1.15rem;margin:.25rem 0 1rem}
.button{display:inline-block;background:var(--accent);color:#fff;padding:.6rem 1.2rem;border-radius:999px;font-weight:600;text-decoration:none}
.button:hover{filter:brightness(1.1)}
.note{background:#fff4d6;border:1px solid #e0c060;border-radius:10px;padding:.75rem 1rem;color:#3d3000}
.facts dl{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(9.5rem,100%),1fr));gap:.75rem;margin:1.25rem 0}
.facts dl>div{background:var(--card);border-radius:12px;padding:.75rem 1rem;border:1px solid var(--line)}
.facts dt{font-size:.85rem;color:var(--muted);font-weight:600}
.facts dd{margin:0;font-weight:600}
.progress{list-style:none;padding:0;margin:.5rem 0;display:grid;gap:.5rem}
.progress li{background:var(--card);border-radius:12px;padding:.6rem 1rem;border-inline-start:4px solid var(--accent)}
.chips{display:flex;flex-wrap:wrap;gap:.4rem;list-style:none;padding:0;margin:.5rem 0}
.chips li{background:var(--card);border:1px solid var(--line);border-radius:999px;padding:.15rem .75rem;font-size:.9rem}
.body{background:var(--card);border-radius:var(--radius);padding:.5rem 1.25rem;margin:1.5rem 0;border:1px solid var(--line)}
.body:empty{display:none}
.body>:first-child{margin-top:1rem}
.body pre{background:var(--surface);padding:.75rem;border-radius:8px;overflow-x:auto;direction:ltr;text-align:left}
.body code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.92em;direction:ltr;unicode-bidi:isolate}
.hl-c{color:#5d6c79;font-style:italic}.hl-k,.hl-t{color:#9b2393;font-weight:600}.hl-s{color:#c41a16}.hl-n,.hl-l{color:#1c00cf}
.hl-a{color:#815f03}.hl-v{color:#326d74}.hl-p{color:#5d6c79;user-select:none}.hl-i{color:#116329}.hl-d{color:#82071e}
.body blockquote{margin-inline:0;padding-inline-start:1rem;border-inline-start:4px solid var(--line);color:var(--muted)}
.table-scroll{overflow-x:auto;margin:1rem 0}
.body table{border-collapse:collapse}
.body th,.body td{border:1px solid var(--line);padding:.4rem .7rem}.body th:not([align]):not([align] th){text-align:start}
.cards{list-style:none;padding:0;margin:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(min(19rem,100%),1fr))}
.card{position:relative;display:flex;gap:1rem;align-items:flex-start;background:var(--card);border-radius:var(--radius);padding:1rem;
border:1px solid var(--line);transition:box-shadow .15s}
.card:hover{box-shadow:0 4px 14px rgba(0,0,0,.12)}
.card .thumb{width:84px;height:84px;flex:none}
.card-text{min-width:0}
.card-title{font-size:1.05rem;margin:0 0 .2rem}
.card-title a{color:var(--text);text-decoration:none}
.card-title a::after{content:"";position:absolute;inset:0;border-radius:var(--radius)}
.card-title a:focus-visible{outline:none}
.card-title a:focus-visible::after{outline:3px solid var(--accent);outline-offset:2px}
.card-meta{margin:0;color:var(--muted);font-size:.88rem}
.card-summary{margin:.35rem 0 0;font-size:.95rem}
.pager{display:flex;justify-content:space-between;gap:1rem;margin-top:2rem;flex-wrap:wrap}
.pager a{display:flex;flex-direction:column;background:var(--card);border:1px solid var(--line);border-radius:12px;
padding:.6rem 1rem;text-decoration:none;max-width:100%}
.pager .next{margin-inline-start:auto;text-align:end}
.pager small{color:var(--muted)}
.search-panel{background:var(--card);border-radius:var(--radius);padding:1rem 1.25rem;border:1px solid var(--line);margin:1.5rem 0}
.search-row{display:flex;gap:.5rem}
.search-row input{flex:1;min-width:0;font:inherit;padding:.55rem .8rem;border:1px solid #8e8e93;border-radius:10px;background:#fff;color:var(--text)}
button{font:inherit;cursor:pointer}
.search-row button,.more{background:var(--accent);color:#fff;border:0;border-radius:10px;padding:.55rem 1rem;font-weight:600}
.filters{border:0;padding:0;margin:.75rem 0 0;display:flex;flex-wrap:wrap;gap:.5rem 1rem}
.filters legend{font-weight:600;margin-bottom:.25rem;padding:0}
.filters label{display:flex;flex-direction:column;font-size:.85rem;color:var(--muted);font-weight:600}
.filters select{font:inherit;color:var(--text);padding:.35rem .5rem;border:1px solid #8e8e93;border-radius:8px;background:#fff;max-width:100%}
.search-status{margin:1rem 0 .5rem;font-weight:600}
.search-status:empty{display:none}
.results{margin-bottom:1rem}
.more{margin-top:1rem}
.site-footer{padding-block:1.5rem;color:var(--muted);font-size:.9rem;border-top:1px solid var(--line)}
.locale-list{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.5rem}
.locale-list a{display:inline-block;padding:.5rem 1rem;border:1px solid var(--line);border-radius:999px;background:var(--card)}
@media (max-width:40rem){.hero .thumb{width:112px;height:112px}.card .thumb{width:64px;height:64px}
.languages a{padding:.2rem .5rem;font-size:.85rem}.facts dl>div{padding:.6rem .8rem}}
@media (prefers-reduced-motion:reduce){*{transition:none!important}}
"""#
}
