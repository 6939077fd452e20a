/* The floor for a cold build at scale: what any tool that links cmark-gfm pays to turn
 * every context version's body into one HTML file, and nothing else (no front matter
 * reading, no templates, no search index, no payloads).
 *
 * Extends ../shared/bench/md_floor.c: the extensions and options catalog-build uses
 * (table, strikethrough, autolink, tasklist, footnotes), one HTML file per Markdown file
 * written beside the others in the content's own folder tree (ROOT/a/b.md → OUT/a/b.html,
 * so the file system sees nested folders as it does for catalog-build's output, not one
 * folder of 250,000 files), and THREADS workers (default 2: the machine's cores), each
 * taking every THREADS-th file.
 *
 * Build:  cc -O2 -pthread -o floor floor.c -lcmark-gfm -lcmark-gfm-extensions
 * Usage:  floor ROOT OUT [THREADS] < list-of-paths-relative-to-ROOT
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

static const char *root, *out;
static char **paths;
static long count, threads = 2;

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc(n + 1);
    if (fread(buf, 1, n, f) != (size_t)n) { perror(path); exit(1); }
    buf[n] = 0;
    fclose(f);
    *len = n;
    return buf;
}

/* Skips a leading "---\n ... \n---\n" YAML block. */
static const char *skip_front_matter(const char *s, size_t *len) {
    if (strncmp(s, "---\n", 4) != 0) return s;
    const char *end = strstr(s + 4, "\n---\n");
    if (!end) return s;
    end += 5;
    *len -= (size_t)(end - s);
    return end;
}

/* mkdir -p of the folder holding `file` (its last '/' cut off). */
static void make_parent(char *file) {
    char *slash = strrchr(file, '/');
    if (!slash) return;
    *slash = 0;
    struct stat st;
    if (stat(file, &st) != 0) {
        for (char *p = file + 1; *p; p++) {
            if (*p != '/') continue;
            *p = 0;
            if (mkdir(file, 0755) != 0 && errno != EEXIST) { perror(file); exit(1); }
            *p = '/';
        }
        if (mkdir(file, 0755) != 0 && errno != EEXIST) { perror(file); exit(1); }
    }
    *slash = '/';
}

static void *work(void *arg) {
    long first = (long)arg;
    static const char *names[] = {"table", "strikethrough", "autolink", "tasklist"};
    const int options = CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES;
    char in[8192], target[8192];
    for (long i = first; i < count; i += threads) {
        snprintf(in, sizeof in, "%s/%s", root, paths[i]);
        size_t len;
        char *src = slurp(in, &len);
        const char *md = skip_front_matter(src, &len);
        cmark_parser *parser = cmark_parser_new(options);
        for (size_t e = 0; e < sizeof names / sizeof *names; e++)
            cmark_parser_attach_syntax_extension(parser, cmark_find_syntax_extension(names[e]));
        cmark_parser_feed(parser, md, len);
        cmark_node *doc = cmark_parser_finish(parser);
        char *html = cmark_render_html(doc, options, cmark_parser_get_syntax_extensions(parser));
        cmark_node_free(doc);
        cmark_parser_free(parser);
        size_t n = strlen(paths[i]);
        snprintf(target, sizeof target, "%s/%.*s.html", out, (int)(n > 3 ? n - 3 : n), paths[i]);
        FILE *o = fopen(target, "wb");
        if (!o && errno == ENOENT) { make_parent(target); o = fopen(target, "wb"); }
        if (!o) { perror(target); exit(1); }
        fwrite(html, 1, strlen(html), o);
        fclose(o);
        free(html);
        free(src);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s ROOT OUT [THREADS] < paths\n", argv[0]); return 2; }
    root = argv[1];
    out = argv[2];
    if (argc > 3) threads = atol(argv[3]) > 0 ? atol(argv[3]) : 1;
    mkdir(out, 0755);
    cmark_gfm_core_extensions_ensure_registered();
    long capacity = 1024;
    paths = malloc(capacity * sizeof *paths);
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        if (!*line) continue;
        if (count == capacity) paths = realloc(paths, (capacity *= 2) * sizeof *paths);
        paths[count++] = strdup(line);
    }
    pthread_t workers[64];
    if (threads > 64) threads = 64;
    for (long t = 0; t < threads; t++) pthread_create(&workers[t], NULL, work, (void *)t);
    for (long t = 0; t < threads; t++) pthread_join(workers[t], NULL);
    fprintf(stderr, "%ld files, %ld threads\n", count, threads);
    return 0;
}
