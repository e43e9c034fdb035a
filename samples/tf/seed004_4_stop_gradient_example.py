import tensorflow as tf
from tensorflow.keras import backend as k

# 定义变量和张量
x = k.variable(2.0)
y = x ** 2

# 停止梯度的传递
z = tf.stop_gradient(y)

# 计算梯度
grads = k.gradients(z, x)

# 输出梯度
sess = tf.Session()
sess.run(tf.global_variables_initializer())
print(sess.run(grads))
