#include "simulator/rules.h"
