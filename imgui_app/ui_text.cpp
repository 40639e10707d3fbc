// The words of the interface. Every string the user reads goes through tr(), so the interface
// can be given in another language by a table here.
#include "app.h"

namespace gs::app {

const char* tr(const char* english) { return english; }

}  // namespace gs::app
