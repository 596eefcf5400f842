// The benchmark's yardstick for reading an archive: the least any reader of the file must do.
// Reads FILE in 4 MiB chunks and touches every byte (counts the '"' characters, which a JSON
// reader has to find too), then prints `bytes N` and `quotes N`. agtrace-bench times it as a
// child process, like every contender, beside `agtrace-bench read-archive FILE`.
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: CByteScan FILE\n");
        return 2;
    }
    int fd = open(argv[1], O_RDONLY);
    if (fd < 0) {
        fprintf(stderr, "CByteScan: %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    enum { chunk = 4 << 20 };
    unsigned char *buffer = malloc(chunk);
    if (!buffer) return 1;
    unsigned long long bytes = 0, quotes = 0;
    for (;;) {
        ssize_t n = read(fd, buffer, chunk);
        if (n < 0) {
            if (errno == EINTR) continue;
            fprintf(stderr, "CByteScan: %s: %s\n", argv[1], strerror(errno));
            return 1;
        }
        if (n == 0) break;
        for (ssize_t i = 0; i < n; i++) quotes += buffer[i] == '"';
        bytes += (unsigned long long)n;
    }
    close(fd);
    free(buffer);
    printf("bytes %llu\nquotes %llu\n", bytes, quotes);
    return 0;
}
