// Debian's libstb-dev ships stb_image and stb_image_write compiled into libstb.so: the
// declarations only, no STB_*_IMPLEMENTATION here.
#include <stb/stb_image.h>
#include <stb/stb_image_write.h>
